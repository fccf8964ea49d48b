import { useEffect, useRef, useState } from 'react';
import type { CompareSide, CompareView as Comparison } from '../../../../app/contract';
import { formatBytes } from '../../../../app/common/format';
import { DiffTable } from './DiffTable';
import { changeCount } from './rows';
import { StructuralList } from './StructuralList';

/** How the text diff is laid out. */
export type Layout = 'unified' | 'side-by-side';

function Side({ label, side }: { label: string; side: CompareSide }) {
  return (
    <div className="cmp-side-meta">
      <span className="muted">{label}</span> <strong>{side.executorName ?? 'entry'}</strong> · step {side.stepNum ?? '—'} · turn{' '}
      <span className="mono">{side.turnId}</span> · {side.kind} · {formatBytes(side.sizeBytes)}{' '}
      {side.expiry === 'expired' && <span className="badge badge-expired">expired</span>}
      <div className="mono muted cmp-sha" title="sha256">
        {side.id} · sha256 {side.sha256.slice(0, 16)}…
      </div>
    </div>
  );
}

type Props = { comparison: Comparison };

/**
 * One comparison: both sides, the summary line, notes; then the text diff (unified or side by side, with
 * previous/next change), the structural JSON changes, the byte comparison, or the text-vs-binary sizes.
 * Keys while it is open: u / s layout, n / p next / previous change.
 */
export function CompareView({ comparison: c }: Props) {
  const [layout, setLayout] = useState<Layout>('unified');
  const [current, setCurrent] = useState(0);
  const bodyRef = useRef<HTMLDivElement>(null);
  const changes = changeCount(c.sideBySide);

  useEffect(() => {
    const row = bodyRef.current?.querySelector<HTMLElement>(`[data-change="${current}"]`);
    row?.scrollIntoView?.({ block: 'center' });
  }, [current, layout]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      if (event.key === 'n') setCurrent((i) => Math.min(i + 1, Math.max(0, changes - 1)));
      else if (event.key === 'p') setCurrent((i) => Math.max(i - 1, 0));
      else if (event.key === 'u') setLayout('unified');
      else if (event.key === 's') setLayout('side-by-side');
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [changes]);

  return (
    <div className="cmp-view">
      <div className="cmp-sides">
        <Side label="Left (old)" side={c.left} />
        <Side label="Right (new)" side={c.right} />
      </div>
      <div className="cmp-summary" role="status">
        <strong>{c.summary}</strong>
        {c.truncated && <span className="badge badge-neutral">truncated: {c.truncatedReason}</span>}
      </div>
      {c.notes.length > 0 && (
        <ul className="cmp-notes">
          {c.notes.map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ul>
      )}
      {c.text && c.text.hunks.length > 0 && (
        <div className="toolbar cmp-toolbar">
          <div role="radiogroup" aria-label="Layout" className="cmp-layout">
            {(['unified', 'side-by-side'] as const).map((l) => (
              <button
                key={l}
                type="button"
                role="radio"
                aria-checked={layout === l}
                className={layout === l ? 'tab active' : 'tab'}
                onClick={() => setLayout(l)}
              >
                {l === 'unified' ? 'Unified' : 'Side by side'} <kbd>{l === 'unified' ? 'u' : 's'}</kbd>
              </button>
            ))}
          </div>
          <span className="nav-spacer" />
          <button type="button" onClick={() => setCurrent((i) => Math.max(i - 1, 0))} disabled={current === 0}>
            ↑ Previous change <kbd>p</kbd>
          </button>
          <span className="muted" aria-live="polite">
            change {Math.min(current + 1, changes)} of {changes}
          </span>
          <button type="button" onClick={() => setCurrent((i) => Math.min(i + 1, changes - 1))} disabled={current >= changes - 1}>
            Next change ↓ <kbd>n</kbd>
          </button>
        </div>
      )}
      <div className="cmp-body" ref={bodyRef}>
        {c.json && <StructuralList json={c.json} />}
        {c.text && c.text.hunks.length > 0 && <DiffTable hunks={c.sideBySide} layout={layout} current={current} />}
        {c.binary && c.binary.left && c.binary.right && (
          <div className="cmp-binary">
            <p>
              First difference at byte <strong>{c.binary.firstDifferenceOffset?.toLocaleString('en-US')}</strong>
            </p>
            <HexRows label="Left" hex={c.binary.left.hex} start={c.binary.left.start} at={c.binary.firstDifferenceOffset ?? -1} />
            <HexRows label="Right" hex={c.binary.right.hex} start={c.binary.right.start} at={c.binary.firstDifferenceOffset ?? -1} />
          </div>
        )}
        {c.mode === 'kind-mismatch' && (
          <table className="cmp-kinds">
            <tbody>
              {[c.left, c.right].map((s, i) => (
                <tr key={i}>
                  <th>{i === 0 ? 'Left' : 'Right'}</th>
                  <td>{s.kind}</td>
                  <td>{s.sizeBytes.toLocaleString('en-US')} bytes</td>
                  <td className="mono">{s.sha256}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
    </div>
  );
}

function HexRows({ label, hex, start, at }: { label: string; hex: string; start: number; at: number }) {
  const rows: { offset: number; bytes: string[] }[] = [];
  for (let i = 0; i < hex.length; i += 32) rows.push({ offset: start + i / 2, bytes: hex.slice(i, i + 32).match(/../g) ?? [] });
  return (
    <div className="cmp-hex" aria-label={`${label} bytes`}>
      <div className="muted">{label}</div>
      {rows.map((r) => (
        <div key={r.offset} className="mono">
          {r.offset.toString(16).padStart(8, '0')}
          {'  '}
          {r.bytes.map((b, k) => (
            <span key={k} className={r.offset + k === at ? 'cmp-hex-diff' : undefined}>
              {b}{' '}
            </span>
          ))}
        </div>
      ))}
    </div>
  );
}
