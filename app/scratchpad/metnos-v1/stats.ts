import { statSync } from 'node:fs';
import type { Stats } from '../../contract';
import { SIZE_BUCKETS } from '../core/records';
import type { V1Context } from './context';
import { withV1Errors } from './v1-errors';

/** Upper edges (bytes, inclusive) of the size buckets: the v2 store's, then unbounded (null), so both formats chart alike. */
export const SIZE_BUCKET_EDGES: readonly (number | null)[] = [...SIZE_BUCKETS, null];

interface Totals {
  rows: number;
  bytes: number;
  textRows: number;
  textBytes: number;
}

/** Stats of a store whose principal sees no rows (a user on a v1 file). */
export function emptyStats(): Stats {
  return {
    rows: 0,
    bytes: 0,
    byKind: { text: { rows: 0, bytes: 0 }, binary: { rows: 0, bytes: 0 } },
    expiredRows: 0,
    expiredBytes: 0,
    sizeBuckets: SIZE_BUCKET_EDGES.map((upToBytes) => ({ upToBytes, rows: 0 })),
  };
}

/**
 * Counts and sizes over every row (the operator's view) at `now`, plus the file figures: size on disk, page size
 * and free pages. Sizes are the content's real byte lengths from the record headers, and the totals read only
 * columns stored before `content`, so no value's overflow pages are walked; the expired figures use the
 * runtime's index on expires_at when the file has it.
 */
export function v1Stats(ctx: V1Context, now: number): Stats {
  return withV1Errors(ctx.path, 'read', () => {
    const buckets = SIZE_BUCKET_EDGES.map((edge, i) => {
      const low = i === 0 ? null : SIZE_BUCKET_EDGES[i - 1];
      const conds = [low == null ? null : `b > ${low}`, edge === null ? null : `b <= ${edge}`].filter((c) => c !== null);
      return `coalesce(sum(${conds.join(' AND ')}), 0) AS b${i}`;
    });
    const t = ctx
      .stmt(
        `SELECT count(*) AS rows, coalesce(sum(b), 0) AS bytes,
           coalesce(sum(k IS NOT 'binary'), 0) AS textRows, coalesce(sum(CASE WHEN k IS NOT 'binary' THEN b END), 0) AS textBytes,
           ${buckets.join(', ')}
         FROM (SELECT coalesce(${ctx.bytesSql}, 0) AS b, content_kind AS k FROM entries)`,
      )
      .get() as Totals & Record<string, number>;
    const expired = ctx
      .stmt(`SELECT count(*) AS expiredRows, coalesce(sum(coalesce(${ctx.bytesSql}, 0)), 0) AS expiredBytes FROM entries WHERE expires_at <= ?`)
      .get(now) as { expiredRows: number; expiredBytes: number };
    return {
      rows: t.rows,
      bytes: t.bytes,
      byKind: { text: { rows: t.textRows, bytes: t.textBytes }, binary: { rows: t.rows - t.textRows, bytes: t.bytes - t.textBytes } },
      expiredRows: expired.expiredRows,
      expiredBytes: expired.expiredBytes,
      sizeBuckets: SIZE_BUCKET_EDGES.map((upToBytes, i) => ({ upToBytes, rows: t[`b${i}`] ?? 0 })),
      byOwner: t.rows > 0 ? [{ owner: null, rows: t.rows, bytes: t.bytes }] : [],
      fileSizeBytes: statSync(ctx.path).size,
      pageSize: ctx.db.pragma('page_size', { simple: true }) as number,
      freePages: ctx.db.pragma('freelist_count', { simple: true }) as number,
    };
  });
}
