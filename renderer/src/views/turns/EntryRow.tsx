import { memo } from 'react';
import type { EntryMeta } from '../../../../app/contract';
import { entryExpiresAt } from '../../../../app/contract/expiry';
import { formatBytes, formatCount, formatRelative, formatShortTime, formatTime } from '../../../../app/common/format';
import { ExpiryBadge } from '../../components/ExpiryBadge';

/** Height of one entry row in px: its 28 px and its bottom border (CSS `.entries-table .list-row`). */
export const ENTRY_ROW_PX = 29;

/** The code points cell: the count of a text entry; "—" for binary, and (muted) for a count the store has not made yet. */
function CodePoints({ entry }: { entry: EntryMeta }) {
  if (entry.kind !== 'text') {
    return (
      <span className="num muted" title="Binary: read in bytes">
        —
      </span>
    );
  }
  if (entry.lengthCodePoints === null) {
    return (
      <span className="num muted" title="Not counted until the entry is opened (its Details then show the count)">
        —
      </span>
    );
  }
  return <span className="num ellipsis">{formatCount(entry.lengthCodePoints)}</span>;
}

type RowProps = {
  entry: EntryMeta;
  /** 0-based place in the table's order (the row's id is `entry-row-<index>`). */
  index: number;
  /** Rows in the table (aria-setsize: only the rows near the view are in the DOM). */
  setSize: number;
  /** Top of the row in px from the first row's top (the list is virtualized). */
  top: number;
  selected: boolean;
  active: boolean;
  /** Ticked for Compare. */
  picked: boolean;
  now: number;
  /** The columns that fit, and the grid template of their widths (from useColumns). */
  visible: ReadonlySet<string>;
  template: string;
  onPick: (index: number, id: string) => void;
  onTogglePick: (id: string) => void;
};

/**
 * One entry row of the virtualized entries table, placed at `top`; memoized, so only the rows whose props change
 * re-render (a selection touches two, a scroll only the rows it brings in).
 */
export const EntryRow = memo(function EntryRow({
  entry,
  index,
  setSize,
  top,
  selected,
  active,
  picked,
  now,
  visible,
  template,
  onPick,
  onTogglePick,
}: RowProps) {
  const expiresAt = entryExpiresAt(entry);
  return (
    <div
      id={`entry-row-${index}`}
      role="option"
      aria-selected={selected}
      aria-setsize={setSize}
      aria-posinset={index + 1}
      className={`entries-grid list-row${selected ? ' selected' : ''}${active ? ' active' : ''}`}
      onClick={() => onPick(index, entry.id)}
      title={entry.summary}
      style={{ transform: `translateY(${top}px)`, height: ENTRY_ROW_PX, gridTemplateColumns: template }}
    >
      {/* The pick box lives in the step cell, so the step stays the row's first cell (and its only text). */}
      <span className="num step-cell">
        {/* A checkbox by role, not an <input>: React sets up value tracking and an 'invalid' listener per input,
            which was most of the time a 300-step turn took to open. */}
        <span
          role="checkbox"
          className="pick"
          aria-checked={picked}
          aria-label={`Pick ${entry.executorName ?? 'entry'} step ${entry.stepNum ?? '—'} to compare`}
          title="Pick two entries to compare them (Space)"
          tabIndex={active ? 0 : -1}
          onClick={(event) => {
            event.stopPropagation();
            onTogglePick(entry.id);
          }}
          onKeyDown={(event) => {
            // Space toggles a checkbox; arrows and Enter go on to the list's keys.
            if (event.key !== ' ') return;
            event.preventDefault();
            event.stopPropagation();
            onTogglePick(entry.id);
          }}
        />
        {entry.stepNum === null ? (
          <span className="muted" title="No step number">
            —
          </span>
        ) : (
          entry.stepNum
        )}
      </span>
      {entry.executorName === null ? (
        <span className="ellipsis muted">{entry.stepNum === null ? 'no step or executor' : 'no executor'}</span>
      ) : (
        <span className="ellipsis">{entry.executorName}</span>
      )}
      {visible.has('kind') && (
        <span className="ellipsis">
          {entry.kind}
          {entry.structured && <span className="tag tag-small">json</span>}
        </span>
      )}
      {visible.has('bytes') && (
        <span className="num ellipsis" title={`${formatCount(entry.sizeBytes)} bytes`}>
          {formatBytes(entry.sizeBytes)}
        </span>
      )}
      {visible.has('codePoints') && <CodePoints entry={entry} />}
      {visible.has('created') && (
        <span className="time ellipsis" title={`${formatTime(entry.createdAt)} (${formatRelative(entry.createdAt, now)})`}>
          {formatShortTime(entry.createdAt, now)}
        </span>
      )}
      <span className="col-expiry">
        <ExpiryBadge expiresAt={expiresAt} now={now} withTime />
      </span>
    </div>
  );
});
