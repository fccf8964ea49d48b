import type { Principal, ReadLogEntry, ReadMode } from '../../contract';
import { ownerFilter, principalLabel } from '../../access';
import { ScratchpadError } from '../types';
import { describeValue, requireCount, requireFinite, requireName, requireObject } from '../validate';
import type { StoreContext } from './context';
import { findVisible } from './lookup';

const MODES: readonly ReadMode[] = ['full', 'head', 'tail', 'range'];

/**
 * Records one served `scratchpad_read` of an entry visible to `principal`: mode, the returned slice
 * [start, end) in the entry's unit, truncated, `at` (Unix seconds, default the clock). NOT_FOUND for missing
 * or foreign ids; INVALID_ARGUMENT for bad input; READ_ONLY on a read-only store.
 */
export function recordRead(ctx: StoreContext, principal: Principal, input: unknown): void {
  const i = requireObject(input, 'read log input');
  if (!MODES.includes(i.mode as ReadMode)) throw new ScratchpadError('INVALID_ARGUMENT', `mode must be one of full, head, tail, range; got ${describeValue(i.mode)}`);
  const start = requireCount(i.start, 'start');
  const end = requireCount(i.end, 'end');
  if (start > end) throw new ScratchpadError('INVALID_ARGUMENT', `start (${start}) must be <= end (${end})`);
  if (typeof i.truncated !== 'boolean') throw new ScratchpadError('INVALID_ARGUMENT', `truncated must be a boolean, got ${describeValue(i.truncated)}`);
  const at = i.at === undefined ? null : requireFinite(i.at, 'at');
  ctx.write(() => {
    const row = findVisible(ctx, principal, i.entryId);
    const changes = ctx
      .stmt('INSERT INTO read_log (entry_pk, principal, mode, unit, start, end, truncated, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)')
      .run(row.pk, principalLabel(principal), i.mode, row.kind === 'text' ? 'code_points' : 'bytes', start, end, i.truncated ? 1 : 0, at ?? ctx.now())
      .changes;
    if (changes !== 1) throw new ScratchpadError('CORRUPT', `${ctx.path}: read log not written`);
  });
}

interface LogRow {
  readonly id: string;
  readonly turn_id: string;
  readonly principal: string;
  readonly mode: ReadMode;
  readonly unit: 'code_points' | 'bytes';
  readonly start: number;
  readonly end: number;
  readonly truncated: number;
  readonly at: number;
}

const LOG_COLUMNS = 'o.id, o.turn_id, r.principal, r.mode, r.unit, r.start, r.end, r.truncated, r.at';

/**
 * The read log of one entry (`{ id }`: NOT_FOUND when missing or foreign) or of a turn's entries visible to
 * `principal` (`{ turnId }`), oldest first.
 */
export function readLog(ctx: StoreContext, principal: Principal, selector: unknown): ReadLogEntry[] {
  const s = requireObject(selector, 'read log selector');
  const turnId = s.id === undefined ? requireName(s.turnId, 'turnId') : null;
  const filter = ownerFilter(principal, 'o.owner');
  return ctx.read(() => {
    let rows: LogRow[];
    if (turnId === null) {
      const entry = findVisible(ctx, principal, s.id);
      rows = ctx.stmt(`SELECT ${LOG_COLUMNS} FROM read_log r JOIN observations o ON o.pk = r.entry_pk WHERE r.entry_pk = ? ORDER BY r.seq`).all(entry.pk) as LogRow[];
    } else {
      rows = ctx
        .stmt(`SELECT ${LOG_COLUMNS} FROM read_log r JOIN observations o ON o.pk = r.entry_pk WHERE o.turn_id = @turnId${filter.sql} ORDER BY r.seq`)
        .all({ turnId, ...filter.params }) as LogRow[];
    }
    return rows.map((r) => ({
      entryId: r.id,
      turnId: r.turn_id,
      principal: r.principal,
      mode: r.mode,
      unit: r.unit,
      start: r.start,
      end: r.end,
      truncated: r.truncated === 1,
      at: r.at,
    }));
  });
}
