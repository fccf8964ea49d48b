import { statSync } from 'node:fs';
import type { Principal, Stats } from '../../contract';
import { ownerFilter, seesAllOwners } from '../../access';
import type { StoreContext } from './context';

/** Upper bounds (bytes) of the size buckets of stats(); the last bucket is unbounded. */
export const SIZE_BUCKETS = [1_024, 16_384, 262_144, 1_048_576, 16_777_216, 268_435_456] as const;

const BUCKET_SQL = [...SIZE_BUCKETS, null]
  .map((up, i) => {
    const low = i === 0 ? null : SIZE_BUCKETS[i - 1];
    const conds = [low === null ? null : `size_bytes > ${low}`, up === null ? null : `size_bytes <= ${up}`].filter((c) => c !== null);
    return `coalesce(sum(${conds.join(' AND ')}), 0) AS b${i}`;
  })
  .join(', ');

const TOTALS = `SELECT count(*) AS rows, coalesce(sum(size_bytes), 0) AS bytes,
  coalesce(sum(kind = 'text'), 0) AS text_rows, coalesce(sum(CASE WHEN kind = 'text' THEN size_bytes ELSE 0 END), 0) AS text_bytes,
  coalesce(sum(kind = 'binary'), 0) AS binary_rows, coalesce(sum(CASE WHEN kind = 'binary' THEN size_bytes ELSE 0 END), 0) AS binary_bytes,
  coalesce(sum(expires_at <= @now), 0) AS expired_rows, coalesce(sum(CASE WHEN expires_at <= @now THEN size_bytes ELSE 0 END), 0) AS expired_bytes,
  ${BUCKET_SQL}
  FROM observations WHERE 1 = 1`;

function fileBytes(path: string): number {
  let size = 0;
  for (const p of [path, `${path}-wal`]) {
    try {
      size += statSync(p).size;
    } catch {
      // no WAL file: nothing to add
    }
  }
  return size;
}

/**
 * Counts and sizes (bytes) over the rows `principal` may see, from metadata indexes only (never content):
 * rows, bytes, by kind, expired at the clock, size buckets. For the operator also by owner, the file's size in
 * bytes (database plus WAL), page size and free pages.
 */
export function computeStats(ctx: StoreContext, principal: Principal): Stats {
  const filter = ownerFilter(principal);
  return ctx.read(() => {
    const t = ctx.stmt(`${TOTALS}${filter.sql}`).get({ now: ctx.now(), ...filter.params }) as Record<string, number>;
    const stats: Stats = {
      rows: t.rows ?? 0,
      bytes: t.bytes ?? 0,
      byKind: { text: { rows: t.text_rows ?? 0, bytes: t.text_bytes ?? 0 }, binary: { rows: t.binary_rows ?? 0, bytes: t.binary_bytes ?? 0 } },
      expiredRows: t.expired_rows ?? 0,
      expiredBytes: t.expired_bytes ?? 0,
      sizeBuckets: [...SIZE_BUCKETS, null].map((upToBytes, i) => ({ upToBytes, rows: t[`b${i}`] ?? 0 })),
    };
    if (!seesAllOwners(principal)) return stats;
    const byOwner = ctx.stmt('SELECT owner, count(*) AS rows, sum(size_bytes) AS bytes FROM observations GROUP BY owner ORDER BY owner').all() as {
      owner: string;
      rows: number;
      bytes: number;
    }[];
    return {
      ...stats,
      byOwner,
      fileSizeBytes: fileBytes(ctx.path),
      pageSize: ctx.db.pragma('page_size', { simple: true }) as number,
      freePages: ctx.db.pragma('freelist_count', { simple: true }) as number,
    };
  });
}
