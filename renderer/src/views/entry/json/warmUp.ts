/*
 * The outline worker's parser run once over a small made-up document when the worker starts, while nothing
 * waits for it: V8 optimises the scan and the run parsing then, not during the first megabytes of a real entry
 * (measured in the ui bench's worker: the first 1 MiB slices took 31-38 ms cold, 11-13 ms warm).
 */
import { closedPrefix } from './prefix';
import { rowIndex } from './rowIndex';
import { createStreamParser } from './streamParse';

/** Code points of the made-up document (about as many as one first window, a few ms of work). */
const WARM_UP_UNITS = 256 * 1024;
const SLICE_UNITS = 16 * 1024;

/** Parses, outlines and cuts a made-up JSON document of ~WARM_UP_UNITS, for the JIT only; returns its item count. */
export function warmUpParser(): number {
  const items: unknown[] = [];
  let text = '';
  for (let i = 0; text.length < WARM_UP_UNITS; i++) {
    items.push({ id: i, name: `item "${i}" \\ ${i % 3 === 0 ? 'é✓' : ''}`, tags: ['a', { b: [i, null, true] }], score: i / 7 });
    if (i % 256 === 255) text = JSON.stringify({ ok: true, items }, null, 2);
  }
  const parser = createStreamParser();
  for (let at = 0; at < text.length; at += SLICE_UNITS) parser.push(text.slice(at, at + SLICE_UNITS));
  closedPrefix(text.slice(0, SLICE_UNITS));
  const parsed = parser.end()?.value as { items: unknown[] } | undefined;
  const index = rowIndex(parsed, { openDepth: 1, expanded: new Set(), collapsed: new Set() });
  index.rows(0, 200);
  return parsed?.items.length ?? 0;
}
