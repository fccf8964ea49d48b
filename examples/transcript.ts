import type { ReadLogEntry } from '../app/contract';

const SHOWN = 240;

/** Shortens long strings inside a value so a transcript line stays readable; notes how much was hidden. */
function shorten(value: unknown): unknown {
  if (typeof value === 'string') return value.length > SHOWN ? `${value.slice(0, SHOWN)}… [${value.length - SHOWN} more characters not printed here]` : value;
  if (Array.isArray(value)) return value.map(shorten);
  if (value instanceof Uint8Array) return `<${value.byteLength} bytes>`;
  if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shorten(v)]));
  return value;
}

/** Prints what the model receives, as JSON, long strings shortened for the terminal (the model gets them whole). */
export function show(label: string, value: unknown): void {
  const json = JSON.stringify(shorten(value), null, 2).split('\n').join('\n   ');
  console.log(`   ${label}: ${json}`);
}

/** "read 12% (3 slices)": share of [0, total) covered by the union of the logged slices. */
export function coverage(entries: readonly ReadLogEntry[], total: number): string {
  if (entries.length === 0) return 'never read';
  const spans = entries.map((e) => [e.start, e.end] as const).sort((a, b) => a[0] - b[0]);
  let covered = 0;
  let reach = 0;
  for (const [s, e] of spans) {
    if (e > reach) covered += e - Math.max(s, reach);
    reach = Math.max(reach, e);
  }
  const pct = total === 0 ? 100 : Math.round((covered / total) * 1000) / 10;
  return `read ${pct}% (${entries.length} slice${entries.length === 1 ? '' : 's'})`;
}
