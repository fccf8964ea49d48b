import type { EntryDescription, EntryMeta, ReadLogEntry } from '../../../../app/contract';
import { useApi } from '../../api';
import { Empty, ErrorBox, Loading } from '../../components/States';
import { formatBytes, formatCount, formatRelative, formatTime, unitLabel, utf8Length } from '../../../../app/common/format';
import { useQuery } from '../../hooks/useQuery';
import { CopyButton } from './CopyButton';
import { CoverageBar } from './CoverageBar';
import { formatPercent } from './percent';

/** Bytes of the handle as the model received it (compact JSON, UTF-8). */
export function handleBytes(handle: unknown): number {
  return utf8Length(JSON.stringify(handle));
}

/** Saving of the handle over the full observation: bytes, and the share of the full size as formatPercent writes it. */
export function saving(handleSize: number, fullSize: number): { bytes: number; percent: string } {
  const bytes = fullSize - handleSize;
  return { bytes, percent: formatPercent(bytes, fullSize) };
}

/** A field value that is one long token (an id, a hash): shown on one line, cut with an ellipsis, whole in its title. */
export function isIdLike(value: string): boolean {
  return value.length >= 16 && /^[0-9A-Za-z_:.-]+$/.test(value) && /[0-9]/.test(value);
}

type Props = {
  description: EntryDescription;
  revision: number;
  now: number;
  onOpenRead: (read: ReadLogEntry) => void;
  readLogKept?: boolean;
  /** Opens another entry of the same turn (the step a read belongs to). */
  onOpenEntry?: (entryId: string) => void;
};

/** The handle's fields other than its summary, as [name, text] rows (objects as compact JSON). */
export function handleFields(handle: Readonly<Record<string, unknown>>): [string, string][] {
  return Object.entries(handle)
    .filter(([key, value]) => key !== 'summary' && value !== undefined)
    .map(([key, value]) => [key, typeof value === 'string' ? value : JSON.stringify(value)]);
}

/**
 * The step a read belongs to: the entry of the read's turn stored first at or after the read (the observation
 * of the step whose tool call made the read), else the turn's last entry. Null when the turn has no entries.
 */
export function stepOfRead(read: ReadLogEntry, entries: readonly EntryMeta[]): EntryMeta | null {
  const ordered = [...entries].filter((e) => e.turnId === read.turnId).sort((a, b) => a.createdAt - b.createdAt);
  return ordered.find((e) => e.createdAt >= read.at) ?? ordered[ordered.length - 1] ?? null;
}

/**
 * What the model saw: the stored synthetic handle (its summary as the text the model read, its other fields as a
 * table, the whole handle as JSON on demand), its size against the full size, and beside it the scratchpad_read
 * calls served for the entry as a coverage bar and a time-ordered list, each linked to its slice and its step.
 */
export function ModelSawTab({ description, revision, now, onOpenRead, readLogKept = true, onOpenEntry }: Props) {
  const api = useApi();
  const { meta, handle } = description;
  const log = useQuery(() => api.entryReadLog({ id: meta.id }), [meta.id, revision]);
  // The turn's entries only serve to link reads to their steps: not fetched (a whole turn, each time an entry
  // opens) while the entry has no read to link.
  const hasReads = (log.data?.length ?? 0) > 0;
  const turnEntries = useQuery(() => api.turnEntries({ turnId: meta.turnId }), [meta.turnId, revision], onOpenEntry !== undefined && hasReads);
  const needsLength = meta.kind === 'text' && meta.lengthCodePoints === null;
  const lengthProbe = useQuery(() => api.entryRead({ id: meta.id, mode: 'head', n: 0 }), [meta.id], needsLength);
  const total = meta.kind === 'binary' ? meta.sizeBytes : (meta.lengthCodePoints ?? lengthProbe.data?.meta.totalLength ?? null);
  const unit = meta.kind === 'binary' ? 'bytes' : 'code points';
  const reads = log.data ? [...log.data].sort((a, b) => a.at - b.at) : [];

  return (
    <div className="model-saw">
      <section className="model-handle" aria-label="Synthetic handle">
        <h3 className="section-title">
          Synthetic handle{' '}
          {handle !== null && <CopyButton text={JSON.stringify(handle)} label="Copy handle" title="Copy the handle as the model received it (compact JSON)" />}
        </h3>
        {handle === null ? (
          <Empty>No handle was stored for this entry (rows written by the original runtime keep only the observation).</Empty>
        ) : (
          <>
            <HandleSaving handleSize={handleBytes(handle)} fullSize={meta.sizeBytes} />
            <div className="summary-label muted">Summary, as the model read it</div>
            <pre className="handle-summary selectable" aria-label="Handle summary">
              {handle.summary}
            </pre>
            <table className="handle-fields" aria-label="Handle fields">
              <tbody>
                {handleFields(handle).map(([key, value]) => (
                  <tr key={key}>
                    <th scope="row">{key}</th>
                    <td className="mono selectable">
                      {/* The cell's text gives the table no minimum width: it wraps (or an id cuts) at the column's width. */}
                      {isIdLike(value) ? (
                        <div className="cell-text id-cell" title={value}>
                          {value}
                        </div>
                      ) : (
                        <div className="cell-text">{value}</div>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            <details className="handle-json">
              <summary>The handle as JSON</summary>
              <pre className="handle selectable">{JSON.stringify(handle, null, 2)}</pre>
            </details>
          </>
        )}
      </section>
      <section className="model-reads" aria-label="Reads the model made">
        <h3 className="section-title">Reads the model made</h3>
        {log.status === 'loading' && !log.data ? (
          <Loading what="read log" />
        ) : log.status === 'error' && log.error ? (
          <ErrorBox what="the read log" error={log.error} onRetry={log.reload} />
        ) : reads.length === 0 ? (
          <Empty>
            {readLogKept
              ? 'The model never read this entry back: it saw only the handle.'
              : "No reads recorded: the original runtime's files keep no read log."}
          </Empty>
        ) : (
          <>
            {total !== null ? <CoverageBar reads={reads} total={total} unitLabel={unit} /> : <Loading what="entry length" />}
            <ol className="read-log">
              {reads.map((read, index) => {
                const step = turnEntries.data ? stepOfRead(read, turnEntries.data) : null;
                return (
                  <li key={`${read.at}-${index}`}>
                    <button type="button" className="link-button" onClick={() => onOpenRead(read)} title="Open this slice">
                      <span className="time">{formatTime(read.at)}</span>
                      <span className="muted"> ({formatRelative(read.at, now)})</span> · <strong>{read.mode}</strong>{' '}
                      <span className="figure" title="From the first offset up to, not including, the second">
                        {formatCount(read.start)} – {formatCount(read.end)}
                      </span>{' '}
                      {unitLabel(read.unit)}
                      {read.truncated && <span className="tag tag-small">truncated</span>}
                      <span className="muted"> by {read.principal}</span>
                    </button>
                    {step && onOpenEntry && (
                      <>
                        {' '}
                        <button
                          type="button"
                          className="link-button step-link"
                          onClick={() => onOpenEntry(step.id)}
                          title="The step of this turn whose observation was stored next after this read"
                        >
                          → step {step.stepNum ?? '—'}
                          {step.executorName ? ` ${step.executorName}` : ''}
                        </button>
                      </>
                    )}
                  </li>
                );
              })}
            </ol>
          </>
        )}
      </section>
    </div>
  );
}

function HandleSaving({ handleSize, fullSize }: { handleSize: number; fullSize: number }) {
  const s = saving(handleSize, fullSize);
  return (
    <p className="handle-size">
      Handle <strong className="figure">{formatBytes(handleSize)}</strong> vs full observation <strong className="figure">{formatBytes(fullSize)}</strong>:{' '}
      {s.bytes >= 0 ? (
        <>
          saves <strong className="figure">{formatBytes(s.bytes)}</strong> <span className="figure">({s.percent})</span>
        </>
      ) : (
        <>the handle is {formatBytes(-s.bytes)} larger than the observation</>
      )}
    </p>
  );
}
