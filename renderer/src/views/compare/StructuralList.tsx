import type { JsonDiff } from '../../../../app/contract';

const SIGN = { changed: '~', added: '+', removed: '−' } as const;

/** The structural changes of two JSON observations, by path: `path: old → new`, added and removed values. */
export function StructuralList({ json }: { json: JsonDiff }) {
  const { added, removed, changed } = json.counts;
  if (json.changes.length === 0) return null;
  return (
    <section className="cmp-structural" aria-label="Changed values by path">
      <h3>
        Values by path: {changed} changed, {added} added, {removed} removed
      </h3>
      <ul>
        {json.changes.map((c, i) => (
          <li key={i} className={`cmp-json-${c.kind}`}>
            <span className="cmp-mark" aria-hidden="true">
              {SIGN[c.kind]}
            </span>{' '}
            <span className="mono cmp-path">{c.path}</span>
            {c.kind === 'changed' && (
              <>
                : <span className="mono cmp-before">{c.before}</span> → <span className="mono cmp-after">{c.after}</span>
              </>
            )}
            {c.kind === 'added' && (
              <>
                : <span className="mono cmp-after">{c.after}</span>
              </>
            )}
            {c.kind === 'removed' && (
              <>
                : <span className="mono cmp-before">{c.before}</span>
              </>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
