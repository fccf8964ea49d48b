/*
 * The PostgreSQL figures at 1 GiB (`--only postgres`): both stores of the suite (server and SQLite file) are
 * filled by puts to ~1 GiB x scale of stored text, then stats over every row and a literal search for a needle
 * that occurs once are timed in each, so the table shows what the server costs at that size.
 */
import type { Scratchpad } from '../../app/scratchpad';
import { MiB, textOfBytes } from '../lib/content';
import { progress } from '../lib/log';
import { median } from '../lib/timing';

const USER = { kind: 'user', userId: 'bench-user' } as const;
const OPERATOR = { kind: 'operator' } as const;
/** Occurs once, in the last filler entry; the generated text never holds it. */
const NEEDLE = 'QUOKKA-NEEDLE-7f3a';

type Put = (turnId: string, text: string) => Promise<unknown>;

/** Puts 1 MiB text entries until the operator's stats count `targetBytes` stored bytes; returns the entries put. */
async function fillTo(store: Scratchpad, put: Put, targetBytes: number): Promise<number> {
  let have = (await store.stats(OPERATOR)).bytes;
  const filler = textOfBytes(MiB, 'mixed', 'fill');
  let n = 0;
  while (have < targetBytes) {
    const last = have + MiB >= targetBytes;
    // Each entry differs in its first line; the last one carries the needle.
    const text = `${n}\n${filler.slice(String(n).length + 1)}${last ? NEEDLE : ''}`;
    await put(`fill-${n % 20}`, text);
    have += Buffer.byteLength(text);
    n++;
  }
  return n;
}

async function msOf(fn: () => Promise<unknown>): Promise<number> {
  const t0 = process.hrtime.bigint();
  await fn();
  return Number(process.hrtime.bigint() - t0) / 1e6;
}

/** Median ms of `stats(principal)` over 9 batches of 10 after a warm-up batch. */
async function statsMs(store: Scratchpad, principal: typeof USER | typeof OPERATOR): Promise<number> {
  for (let i = 0; i < 10; i++) await store.stats(principal);
  const samples: number[] = [];
  for (let r = 0; r < 9; r++)
    samples.push(
      (await msOf(async () => {
        for (let i = 0; i < 10; i++) await store.stats(principal);
      })) / 10,
    );
  return median(samples);
}

/** MiB/s of one whole literal search of the user's rows (best of 2), following cursors; checks the one hit. */
async function searchMBps(store: Scratchpad): Promise<{ mbps: number; scannedMiB: number }> {
  let best = 0;
  let scanned = 0;
  for (let run = 0; run < 2; run++) {
    let bytes = 0;
    let hits = 0;
    const ms = await msOf(async () => {
      let cursor: string | undefined;
      do {
        const r = await store.search(USER, { pattern: NEEDLE, limit: 1_000, ...(cursor ? { cursor } : {}) }, { timeBudgetMs: 600_000 });
        bytes += r.scannedBytes;
        hits += r.hits.length;
        cursor = r.nextCursor ?? undefined;
      } while (cursor !== undefined);
    });
    if (hits !== 1) throw new Error(`search found ${hits} hits of the needle, expected 1`);
    scanned = bytes;
    best = Math.max(best, bytes / MiB / (ms / 1000));
  }
  return { mbps: best, scannedMiB: scanned / MiB };
}

/** Fills both stores to ~1 GiB x scale and measures stats and literal search in each (pg_* and sqlite_* keys). */
export async function atOneGigabyte(
  stores: { pg: { store: Scratchpad; put: Put }; sqlite: { store: Scratchpad; put: Put } },
  scale: number,
): Promise<{ figures: Record<string, number>; extra: Record<string, number> }> {
  const target = Math.round(1024 * MiB * scale);
  const figures: Record<string, number> = {};
  const extra: Record<string, number> = {};
  for (const [prefix, s] of [
    ['pg', stores.pg],
    ['sqlite', stores.sqlite],
  ] as const) {
    progress(`postgres: filling the ${prefix} store to ${Math.round(target / MiB)} MiB`);
    let fillMs = 0;
    const n = await (async () => {
      let count = 0;
      fillMs = await msOf(async () => (count = await fillTo(s.store, s.put, target)));
      return count;
    })();
    const stats = await s.store.stats(OPERATOR);
    extra[`${prefix}_1GB_rows`] = stats.rows;
    extra[`${prefix}_1GB_stored_MB`] = stats.bytes / MiB;
    extra[`${prefix}_fill_MB_per_s`] = (n * MiB) / MiB / (fillMs / 1000);
    progress(`postgres: stats and search at 1 GiB (${prefix})`);
    figures[`${prefix}_stats_1GB_ms`] = await statsMs(s.store, USER);
    extra[`${prefix}_stats_1GB_operator_ms`] = await statsMs(s.store, OPERATOR);
    const search = await searchMBps(s.store);
    figures[`${prefix}_search_literal_1GB_MB_per_s`] = search.mbps;
    extra[`${prefix}_search_scanned_MB`] = search.scannedMiB;
  }
  return { figures, extra };
}
