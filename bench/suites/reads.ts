import { expectEqual, OPERATOR, open, USER } from '../lib/store';
import { perCallMs, perCallMsInterleaved } from '../lib/timing';
import type { BigFile } from './big-file';

const N = 2_000;

/**
 * Read-side figures on the shared large file: 2,000-code-point head/tail/mid-range slices of a 10 KiB and a
 * 100 MiB text row, listing a turn of 100 x 1 MiB, stats over 1 GiB (user and operator), plus a few extras the
 * app calls often (describe, listTurns). Each figure: median ms per call over batches, after a warm-up batch.
 */
export async function runReads(big: BigFile): Promise<{ figures: Record<string, number>; extra: Record<string, number> }> {
  const sp = await open(big.path);
  try {
    const total = (await sp.describe(USER, big.largeId)).meta.lengthCodePoints;
    if (total === null) throw new Error('text row without lengthCodePoints');
    const mid = Math.floor(total / 2);
    const checkLen = (what: string, got: number) => expectEqual(what, got, N);
    checkLen('head 10KB', (await sp.read(USER, big.smallId, { mode: 'head', n: N })).meta.returnedLength);
    checkLen('head 100MB', (await sp.read(USER, big.largeId, { mode: 'head', n: N })).meta.returnedLength);
    checkLen('tail 100MB', (await sp.read(USER, big.largeId, { mode: 'tail', n: N })).meta.returnedLength);
    checkLen('range 100MB', (await sp.read(USER, big.largeId, { mode: 'range', start: mid, end: mid + N })).meta.returnedLength);
    expectEqual('list turn length', (await sp.listForTurn(USER, big.listTurn)).length, 100);
    expectEqual('stats bytes', (await sp.stats(USER)).bytes, big.contentBytes);

    // The four slices are compared as ratios: measured interleaved, 25 batches each.
    const slices = await perCallMsInterleaved(
      {
        read_head_2000_10KB_ms: () => sp.read(USER, big.smallId, { mode: 'head', n: N }),
        read_head_2000_100MB_ms: () => sp.read(USER, big.largeId, { mode: 'head', n: N }),
        read_tail_2000_100MB_ms: () => sp.read(USER, big.largeId, { mode: 'tail', n: N }),
        read_range_mid_2000_100MB_ms: () => sp.read(USER, big.largeId, { mode: 'range', start: mid, end: mid + N }),
      },
      { reps: 25 },
    );
    const list = await perCallMs(() => sp.listForTurn(USER, big.listTurn));
    const stats = await perCallMs(() => sp.stats(USER));
    const figures: Record<string, number> = { ...slices.ms, list_turn_100x1MB_ms: list.ms, stats_1GB_ms: stats.ms };
    // CPU time of this process per call: what the figure would be on an idle machine (blind to I/O waits).
    const cpu: Record<string, number> = { ...slices.cpuMs, list_turn_100x1MB_ms: list.cpuMs, stats_1GB_ms: stats.cpuMs };
    const extra: Record<string, number> = {
      stats_1GB_operator_ms: (await perCallMs(() => sp.stats(OPERATOR))).ms,
      read_tail_2000_10KB_ms: (await perCallMs(() => sp.read(USER, big.smallId, { mode: 'tail', n: N }))).ms,
      read_range_2000_10KB_ms: (await perCallMs(() => sp.read(USER, big.smallId, { mode: 'range', start: 3_000, end: 3_000 + N }))).ms,
      read_full_capped_100MB_ms: (await perCallMs(() => sp.read(USER, big.largeId, { mode: 'full' }), { reps: 5 })).ms,
      describe_100MB_ms: (await perCallMs(() => sp.describe(USER, big.largeId))).ms,
      list_turns_first_page_ms: (await perCallMs(() => sp.listTurns(OPERATOR, { limit: 100 }))).ms,
    };
    for (const [k, v] of Object.entries(cpu)) extra[k.replace(/_ms$/, '_cpu_ms')] = v;
    return { figures, extra };
  } finally {
    await sp.close();
  }
}
