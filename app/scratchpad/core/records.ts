import { expiresAtJson, expiryState, type EntryMeta, type Principal } from '../../contract';
import { requirePrincipal } from '../../access';
import type { BackendCapabilities, EntryRecord, ExpiredRecord, OwnerScope, StatsTotals } from './backend';
import type { GcResult, Stats } from '../../contract';

/**
 * The scope of a principal's questions: the operator asks about every row, a user about its own. null when the
 * principal sees no row at all (a user on a format without owners). INVALID_ARGUMENT for a malformed principal.
 */
export function scopeOf(principal: unknown, capabilities: BackendCapabilities): OwnerScope | null {
  const p: Principal = requirePrincipal(principal);
  if (p.kind === 'operator') return { kind: 'all' };
  return capabilities.owners ? { kind: 'owner', owner: p.userId } : null;
}

/** The contract's metadata of a record, with its expiry state at `now` (Unix seconds); `lengthUnits` overrides a record without one. */
export function toEntryMeta(r: EntryRecord, now: number, expiringWindowSeconds: number, lengthUnits: number | null = r.lengthUnits): EntryMeta {
  return {
    id: r.id,
    turnId: r.turnId,
    stepNum: r.stepNum,
    executorName: r.executorName,
    kind: r.kind,
    structured: r.structured,
    sizeBytes: r.sizeBytes,
    lengthCodePoints: r.kind === 'text' ? lengthUnits : null,
    summary: r.summary,
    createdAt: r.createdAt,
    expiresAt: expiresAtJson(r.expiresAt),
    expiry: expiryState(r.expiresAt, now, expiringWindowSeconds),
    owner: r.owner,
    actor: r.actor,
    channel: r.channel,
  };
}

/** Upper bounds (bytes) of the size buckets of stats(); the last bucket is unbounded. */
export const SIZE_BUCKETS = [1_024, 16_384, 262_144, 1_048_576, 16_777_216, 268_435_456] as const;

/** The stats() shape of backend totals. */
export function toStats(t: StatsTotals): Stats {
  return {
    rows: t.rows,
    bytes: t.bytes,
    byKind: { text: { rows: t.textRows, bytes: t.textBytes }, binary: { rows: t.binaryRows, bytes: t.binaryBytes } },
    expiredRows: t.expiredRows,
    expiredBytes: t.expiredBytes,
    sizeBuckets: [...SIZE_BUCKETS, null].map((upToBytes, i) => ({ upToBytes, rows: t.bucketRows[i] ?? 0 })),
  };
}

/** Stats with nothing in them (a user on a format without owners). */
export function emptyTotals(): StatsTotals {
  return {
    rows: 0,
    bytes: 0,
    textRows: 0,
    textBytes: 0,
    binaryRows: 0,
    binaryBytes: 0,
    expiredRows: 0,
    expiredBytes: 0,
    bucketRows: SIZE_BUCKETS.map(() => 0).concat(0),
  };
}

/** The gc result of the records removed (or counted): totals and rows/bytes per (turn, owner), sorted by turn then owner. */
export function toGcResult(rows: readonly ExpiredRecord[], now: number, dryRun: boolean): GcResult {
  const perTurn = new Map<string, { turnId: string; owner: string | null; rows: number; bytes: number }>();
  let bytes = 0;
  let count = 0;
  for (const r of rows) {
    count += r.rows;
    bytes += r.bytes;
    const key = JSON.stringify([r.turnId, r.owner]);
    const t = perTurn.get(key) ?? { turnId: r.turnId, owner: r.owner, rows: 0, bytes: 0 };
    t.rows += r.rows;
    t.bytes += r.bytes;
    perTurn.set(key, t);
  }
  const order = (a: string | null, b: string | null) => (a === b ? 0 : a === null ? -1 : b === null ? 1 : a < b ? -1 : 1);
  const turns = [...perTurn.values()].sort((a, b) => order(a.turnId, b.turnId) || order(a.owner, b.owner));
  return { deletedRows: count, deletedBytes: bytes, now, dryRun, turns };
}
