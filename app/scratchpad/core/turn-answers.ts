import { toWellFormed } from '../../common/codepoints';
import type { ExpiredRecord, StatsTotals, TurnPageQuery, TurnRecord, TurnSort } from './backend';
import type { OwnerTotals } from './turn-source';
import { compareCodePoints, foldAscii, NAME_SEPARATOR, type TurnTable, type TurnView } from './turn-table';

/*
 * listTurns pages, their total, stats and a gc dry run answered from a turn table's view (turn-table.ts) with
 * the SQL path's semantics exactly (v2/turn-queries.ts): the query is a substring of the turn id or of one
 * executor name, ASCII case-insensitive; order by the sort value, ties by turn id (code point order), in the
 * page's direction; a keyset cursor resumes strictly after (value, turn id). A page is a top-k selection over the
 * matching turns, never a full sort. Expired counts of turns straddling `now` are asked of the backend.
 */

/** Rows and bytes with expiresAt <= now of the given base rows, in order (the backend's answer); may throw to retry. */
export type ResolveExpired = (baseRows: readonly number[], now: number) => Promise<readonly { readonly rows: number; readonly bytes: number }[]>;

/** Expired rows and bytes at `now` of view turns `which` (index k of the result: turn which[k]; all turns when null). */
async function expiredOf(t: TurnTable, v: TurnView, which: ArrayLike<number> | null, now: number, resolve: ResolveExpired) {
  const count = which === null ? v.size : which.length;
  const rows = new Float64Array(count);
  const bytes = new Float64Array(count);
  const pending: number[] = [];
  const pendingAt: number[] = [];
  for (let k = 0; k < count; k++) {
    const i = which === null ? k : which[k]!;
    if (v.earliestExpires[i]! > now) continue;
    if (v.latestExpires[i]! <= now) {
      rows[k] = v.entryCount[i]!;
      bytes[k] = v.totalBytes[i]!;
      continue;
    }
    for (let m = v.memberStart[i]!; m < v.memberEnd[i]!; m++) {
      const r = t.rows[m]!;
      if (r[6] > now) continue;
      if (r[7] <= now) {
        rows[k] = rows[k]! + r[2];
        bytes[k] = bytes[k]! + r[3];
      } else {
        pending.push(m);
        pendingAt.push(k);
      }
    }
  }
  if (pending.length > 0) {
    const got = await resolve(pending, now);
    for (let p = 0; p < pending.length; p++) {
      const k = pendingAt[p]!;
      rows[k] = rows[k]! + got[p]!.rows;
      bytes[k] = bytes[k]! + got[p]!.bytes;
    }
  }
  return { rows, bytes };
}

/** A test of view turn i against a lowercased query (null: every turn matches). */
function matcher(v: TurnView, query: string | null): ((i: number) => boolean) | null {
  if (query === null) return null;
  const q = foldAscii(toWellFormed(query));
  const { text, idLength } = v.search();
  // Without the separator a hit lies within the turn id or within one name; with it, only the turn id can hold it.
  if (!q.includes(NAME_SEPARATOR)) return (i) => text[i]!.includes(q);
  return (i) => text[i]!.slice(0, idLength[i]).includes(q);
}

/** Whether the table answers `query` exactly (no U+0000 in the view's turn ids or names: SQL's LIKE stops there). */
export function answersQuery(v: TurnView, query: string | null): boolean {
  return query === null || v.search().exact;
}

/** Turns of the view matching `query` (null: all). */
export function countOf(v: TurnView, query: string | null): number {
  const match = matcher(v, query);
  if (match === null) return v.size;
  let n = 0;
  for (let i = 0; i < v.size; i++) if (match(i)) n++;
  return n;
}

/** Number of view turn ids below `id` in code point order (binary search). */
function below(v: TurnView, id: string): number {
  let lo = 0;
  let hi = v.size;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (compareCodePoints(v.turnIds[mid]!, id) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

const COLUMN: Record<Exclude<TurnSort, 'turnId' | 'expiredCount'>, keyof TurnView> = {
  lastCreated: 'lastCreated',
  totalBytes: 'totalBytes',
  entryCount: 'entryCount',
  firstCreated: 'firstCreated',
  earliestExpires: 'earliestExpires',
};

/** Distinct non-empty names of a U+001F-joined list, sorted (as v2's executorNames, so both paths print alike). */
export function namesOf(joined: string): string[] {
  if (joined === '') return [];
  return [...new Set(joined.split(NAME_SEPARATOR))].filter((e) => e !== '').sort();
}

/** Turn id order is index order: the first `limit` matches from index `from` (null: the first in the direction) on. */
function firstInTurnOrder(size: number, limit: number, asc: boolean, from: number | null, match: ((i: number) => boolean) | null): number[] {
  const best: number[] = [];
  const step = asc ? 1 : -1;
  for (let i = from ?? (asc ? 0 : size - 1); i >= 0 && i < size && best.length < limit; i += step) {
    if (match === null || match(i)) best.push(i);
  }
  return best;
}

/**
 * The `limit` best turns by (key, index) in the direction among those passing `match` and `after`: a sorted
 * array of the best so far, which most turns leave after one comparison with its worst. Scanned best first for
 * ties (descending index for desc), so a tie or a value growing with the turn id is dropped at once.
 */
function topByKey(key: Float64Array, limit: number, asc: boolean, match: ((i: number) => boolean) | null, after: ((i: number) => boolean) | null): number[] {
  const better = asc
    ? (a: number, b: number) => key[a]! < key[b]! || (key[a] === key[b] && a < b)
    : (a: number, b: number) => key[a]! > key[b]! || (key[a] === key[b] && a > b);
  const best: number[] = [];
  const size = key.length;
  for (let s = 0; s < size; s++) {
    const i = asc ? s : size - 1 - s;
    if (best.length === limit && !better(i, best[limit - 1]!)) continue;
    if ((match !== null && !match(i)) || (after !== null && !after(i))) continue;
    let lo = 0;
    let hi = best.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (better(best[mid]!, i)) lo = mid + 1;
      else hi = mid;
    }
    best.splice(lo, 0, i);
    if (best.length > limit) best.pop();
  }
  return best;
}

/** One page of turns (core/backend.ts TurnPageQuery) from the view of its scope. */
export async function pageOf(t: TurnTable, q: TurnPageQuery, resolve: ResolveExpired): Promise<TurnRecord[]> {
  const v = t.view(q.scope);
  const match = matcher(v, q.query);
  const asc = q.direction === 'asc';
  let key: Float64Array | null = null;
  if (q.sort === 'expiredCount') {
    const cand: number[] = [];
    for (let i = 0; i < v.size; i++) if (match === null || match(i)) cand.push(i);
    const e = await expiredOf(t, v, cand, q.now, resolve);
    key = new Float64Array(v.size);
    for (let k = 0; k < cand.length; k++) key[cand[k]!] = e.rows[k]!;
  } else if (q.sort !== 'turnId') key = v[COLUMN[q.sort]] as Float64Array;
  // Strictly after the cursor: turn ids at index >= idAbove are above its turn id, those below idBelow under it.
  const idBelow = q.after === null ? 0 : below(v, toWellFormed(q.after.turnId));
  const idAbove = q.after === null ? 0 : idBelow + (v.turnIds[idBelow] === toWellFormed(q.after.turnId) ? 1 : 0);
  const ck = q.after === null ? 0 : (q.after.key as number);
  const best =
    key === null
      ? firstInTurnOrder(v.size, q.limit, asc, q.after === null ? null : asc ? idAbove : idBelow - 1, match)
      : topByKey(
          key,
          q.limit,
          asc,
          match,
          q.after === null ? null : asc ? (i) => key[i]! > ck || (key[i] === ck && i >= idAbove) : (i) => key[i]! < ck || (key[i] === ck && i < idBelow),
        );
  const expired = q.sort === 'expiredCount' ? null : await expiredOf(t, v, best, q.now, resolve);
  return best.map((i, n) => {
    const members: number[] = [];
    for (let m = v.memberStart[i]!; m < v.memberEnd[i]!; m++) members.push(m);
    const operator = q.scope.kind === 'all';
    return {
      turnId: v.turnIds[i]!,
      entryCount: v.entryCount[i]!,
      totalBytes: v.totalBytes[i]!,
      firstCreatedAt: v.firstCreated[i]!,
      lastCreatedAt: v.lastCreated[i]!,
      earliestExpiresAt: v.earliestExpires[i]!,
      expiredCount: expired === null ? key![i]! : expired.rows[n]!,
      executors: namesOf(members.map((m) => t.rows[m]![8]).join(NAME_SEPARATOR)),
      owners: operator ? namesOf(members.map((m) => t.rows[m]![0]).join(NAME_SEPARATOR)) : [],
    };
  });
}

/** Stats totals of a scope at `now` (the stored size buckets), given every owner's {@link OwnerTotals}. */
export async function statsOf(
  t: TurnTable,
  q: { scope: TurnPageQuery['scope']; now: number },
  owners: readonly OwnerTotals[],
  buckets: number,
  resolve: ResolveExpired,
): Promise<StatsTotals> {
  const v = t.view(q.scope);
  const s = { rows: 0, bytes: 0, textRows: 0, textBytes: 0, buckets: new Array<number>(buckets).fill(0) };
  for (const o of owners) {
    if (q.scope.kind === 'owner' && o.owner !== q.scope.owner) continue;
    s.rows += o.rows;
    s.bytes += o.bytes;
    s.textRows += o.textRows;
    s.textBytes += o.textBytes;
    o.buckets.forEach((n, b) => (s.buckets[b] = (s.buckets[b] ?? 0) + n));
  }
  const e = await expiredOf(t, v, null, q.now, resolve);
  let expiredRows = 0;
  let expiredBytes = 0;
  for (let i = 0; i < v.size; i++) {
    expiredRows += e.rows[i]!;
    expiredBytes += e.bytes[i]!;
  }
  return {
    rows: s.rows,
    bytes: s.bytes,
    textRows: s.textRows,
    textBytes: s.textBytes,
    binaryRows: s.rows - s.textRows,
    binaryBytes: s.bytes - s.textBytes,
    expiredRows,
    expiredBytes,
    bucketRows: [...s.buckets],
  };
}

/** What gc would remove at `now`: one record per (turn, owner) with expired rows. */
export async function expiredRecordsOf(t: TurnTable, q: { scope: TurnPageQuery['scope']; now: number }, resolve: ResolveExpired): Promise<ExpiredRecord[]> {
  const v = t.view(q.scope);
  const records: ExpiredRecord[] = [];
  const pending: number[] = [];
  for (let i = 0; i < v.size; i++) {
    if (v.earliestExpires[i]! > q.now) continue;
    for (let m = v.memberStart[i]!; m < v.memberEnd[i]!; m++) {
      const r = t.rows[m]!;
      if (r[6] > q.now) continue;
      if (r[7] <= q.now) records.push({ turnId: r[1], owner: r[0], rows: r[2], bytes: r[3] });
      else pending.push(m);
    }
  }
  if (pending.length > 0) {
    const got = await resolve(pending, q.now);
    pending.forEach((m, p) => records.push({ turnId: t.rows[m]![1], owner: t.rows[m]![0], rows: got[p]!.rows, bytes: got[p]!.bytes }));
  }
  return records;
}
