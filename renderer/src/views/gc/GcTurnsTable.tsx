import type { GcResult } from '../../../../app/contract';
import { formatBytes, formatCount } from '../../format/units';

/** Per-turn rows and bytes of a gc result (preview, simulation or run). */
export function GcTurnsTable({ result, operator }: { result: GcResult; operator: boolean }) {
  if (result.turns.length === 0) return null;
  const turns = [...result.turns].sort((a, b) => b.bytes - a.bytes);
  return (
    <div className="table-scroll">
      <table className="data-table">
        <thead>
          <tr>
            <th>Turn</th>
            {operator && <th>Owner</th>}
            <th className="num">Rows</th>
            <th className="num">Bytes</th>
          </tr>
        </thead>
        <tbody>
          {turns.map((t) => (
            <tr key={`${t.turnId}\u0000${t.owner ?? ''}`}>
              <td className="mono">{t.turnId}</td>
              {operator && <td>{t.owner ?? '—'}</td>}
              <td className="num">{formatCount(t.rows)}</td>
              <td className="num" title={`${formatCount(t.bytes)} bytes`}>
                {formatBytes(t.bytes)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** "N rows, X in M turns" line of a gc result. */
export function GcSummary({ result, verb }: { result: GcResult; verb: string }) {
  return (
    <p className="gc-summary">
      {verb} <strong>{formatCount(result.deletedRows)}</strong> row{result.deletedRows === 1 ? '' : 's'}, <strong>{formatBytes(result.deletedBytes)}</strong> (
      {formatCount(result.deletedBytes)} bytes) in {formatCount(result.turns.length)} turn{result.turns.length === 1 ? '' : 's'}.
    </p>
  );
}
