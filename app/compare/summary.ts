import type { CompareResult, TextDiffStats } from '../contract';

const plural = (n: number, one: string, many = one + 's') => `${n} ${n === 1 ? one : many}`;

/** "2 lines changed, 1 inserted, 3 deleted" (parts with 0 left out; "no line differs" when all are 0). */
export function textSummary(s: TextDiffStats): string {
  const parts: string[] = [];
  const lead = (n: number, verb: string) => parts.push(parts.length === 0 ? `${plural(n, 'line')} ${verb}` : `${n} ${verb}`);
  if (s.changed) lead(s.changed, 'changed');
  if (s.inserted) lead(s.inserted, 'inserted');
  if (s.deleted) lead(s.deleted, 'deleted');
  return parts.length === 0 ? 'no line differs' : parts.join(', ');
}

/**
 * The one-line summary of a comparison for a person: "identical", "2 lines changed, 1 inserted", "3 values changed
 * at these paths, 1 added", "binary: first difference at byte 1,234", "text vs binary: sizes … sha256 differ";
 * "(truncated: …)" appended when a budget stopped the work.
 */
export function summarize(r: Omit<CompareResult, 'summary' | 'elapsedMs'>): string {
  let s: string;
  if (r.identical) s = r.sameEntry ? 'identical (the same entry)' : 'identical';
  else if (r.mode === 'kind-mismatch') s = `text vs binary: ${r.left.sizeBytes} vs ${r.right.sizeBytes} bytes, sha256 differ`;
  else if (r.mode === 'binary') {
    const at = r.binary?.firstDifferenceOffset;
    s = `binary: ${r.left.sizeBytes} vs ${r.right.sizeBytes} bytes` + (at == null ? '' : `, first difference at byte ${at.toLocaleString('en-US')}`);
  } else if (r.json) {
    const c = r.json.counts;
    const parts = [
      c.changed ? `${plural(c.changed, 'value')} changed at these paths` : '',
      c.added ? `${c.added} added` : '',
      c.removed ? `${c.removed} removed` : '',
    ];
    s = parts.filter(Boolean).join(', ') || (r.text ? `no value differs; ${textSummary(r.text.stats)}` : 'no value differs');
  } else s = r.text ? textSummary(r.text.stats) : 'different';
  return r.truncated ? `${s} (truncated: ${r.truncatedReason})` : s;
}
