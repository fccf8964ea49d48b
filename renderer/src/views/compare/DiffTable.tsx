import type { SideBySideHunk } from '../../../../app/contract';
import { Line } from './Line';
import { sideChangeIndex, unifiedRows } from './rows';

type Props = { hunks: readonly SideBySideHunk[]; layout: 'unified' | 'side-by-side'; current: number };

const MARK = { context: ' ', removed: '−', added: '+', change: '~' } as const;

/** The hunks as a unified or side-by-side table; the rows of change `current` carry data-current for focus and style. */
export function DiffTable({ hunks, layout, current }: Props) {
  if (layout === 'unified') {
    return (
      <div className="cmp-table cmp-unified" role="table" aria-label="Unified diff">
        {unifiedRows(hunks).map((h, hi) => (
          <div key={hi} role="rowgroup">
            <div className="cmp-hunk" role="row">
              <span role="cell">{h.header}</span>
            </div>
            {h.rows.map((r, ri) => (
              <div
                key={ri}
                role="row"
                className={`cmp-row cmp-${r.kind}`}
                data-change={r.change ?? undefined}
                data-current={r.change !== null && r.change === current ? 'true' : undefined}
              >
                <span className="cmp-no" role="cell">
                  {r.oldNo ?? ''}
                </span>
                <span className="cmp-no" role="cell">
                  {r.newNo ?? ''}
                </span>
                <span className="cmp-mark" role="cell" aria-hidden="true">
                  {MARK[r.kind]}
                </span>
                <Line cell={r.cell} kind={r.kind} />
              </div>
            ))}
          </div>
        ))}
      </div>
    );
  }
  const changes = sideChangeIndex(hunks);
  return (
    <div className="cmp-table cmp-side" role="table" aria-label="Side-by-side diff">
      {hunks.map((h, hi) => (
        <div key={hi} role="rowgroup">
          <div className="cmp-hunk" role="row">
            <span role="cell">{h.header}</span>
          </div>
          {h.rows.map((r, ri) => {
            const change = changes[hi]?.[ri] ?? null;
            return (
              <div
                key={ri}
                role="row"
                className={`cmp-row cmp-side-row cmp-${r.kind}`}
                data-change={change ?? undefined}
                data-current={change !== null && change === current ? 'true' : undefined}
              >
                <span className="cmp-no" role="cell">
                  {r.left?.lineNo ?? ''}
                </span>
                <span className={r.left && r.kind !== 'context' ? 'cmp-cell cmp-left-changed' : 'cmp-cell'} role="cell">
                  <Line cell={r.left} kind={r.kind === 'context' ? 'context' : 'removed'} />
                </span>
                <span className="cmp-no" role="cell">
                  {r.right?.lineNo ?? ''}
                </span>
                <span className={r.right && r.kind !== 'context' ? 'cmp-cell cmp-right-changed' : 'cmp-cell'} role="cell">
                  <Line cell={r.right} kind={r.kind === 'context' ? 'context' : 'added'} />
                </span>
              </div>
            );
          })}
        </div>
      ))}
    </div>
  );
}
