import { codePointLength, toWellFormed } from '../common/codepoints';
import { compareCodePoints, pyJsonDumps, pyRepr, pyStr } from './pyrepr';

/*
 * Summaries as the original runtime builds them (shared/formats/metnos-v1.md, "How rows are written"),
 * in English: "characters omitted", "items", "Fields".
 */

/** Texts up to this many code points are their own summary. */
export const SUMMARY_WHOLE_LIMIT = 1_080;
/** Code points kept at each end of a longer text. */
export const SUMMARY_EDGE = 500;
/** List fields the summary looks for, in this order. */
export const SUMMARY_LIST_FIELDS = ['matches', 'items', 'results', 'entries', 'files', 'paths'] as const;

/** True for a plain JSON object (not null, not an array). */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !ArrayBuffer.isView(value);
}

/**
 * Text summary: the whole text when it has at most 1,080 code points; otherwise the first 500 code points,
 * a blank line, `[... K characters omitted ...]` (K = length - 1000), a blank line, the last 500.
 * `length` (code points) may be passed when already known. Lone surrogates come out as U+FFFD.
 */
export function summarizeText(text: string, length = codePointLength(text)): string {
  if (length <= SUMMARY_WHOLE_LIMIT) return toWellFormed(text);
  // One pass over each edge finds its cut (never inside a surrogate pair): no regex, no scan of the middle.
  let head = 0;
  for (let k = 0; k < SUMMARY_EDGE && head < text.length; k++) {
    const u = text.charCodeAt(head++);
    if (u >= 0xd800 && u <= 0xdbff && head < text.length && (text.charCodeAt(head) & 0xfc00) === 0xdc00) head++;
  }
  let tail = text.length;
  for (let k = 0; k < SUMMARY_EDGE && tail > 0; k++) {
    const u = text.charCodeAt(--tail);
    if (u >= 0xdc00 && u <= 0xdfff && tail > 0 && (text.charCodeAt(tail - 1) & 0xfc00) === 0xd800) tail--;
  }
  return summarizeTextAt(text, length, head, tail);
}

/**
 * {@link summarizeText} of a text whose cuts are known: `head` the UTF-16 index just past its first SUMMARY_EDGE
 * code points, `tail` where its last SUMMARY_EDGE start (the put finds both from the text's UTF-8 bytes,
 * core/encode.ts `textCuts`), `length` its code points. Lone surrogates come out as U+FFFD.
 */
export function summarizeTextAt(text: string, length: number, head: number, tail: number): string {
  if (length <= SUMMARY_WHOLE_LIMIT) return toWellFormed(text);
  return toWellFormed(text.slice(0, head)) + summaryMiddle(length) + toWellFormed(text.slice(tail));
}

/** What a summary of a text of `length` code points (> SUMMARY_WHOLE_LIMIT) puts between its two edges. */
export function summaryMiddle(length: number): string {
  return `\n\n[... ${length - 2 * SUMMARY_EDGE} characters omitted ...]\n\n`;
}

/** Binary summary: `[BINARY: <size> bytes, sha256=<first 16 hex digits>...]`. */
export function summarizeBinary(sizeBytes: number, sha256Hex: string): string {
  return `[BINARY: ${sizeBytes} bytes, sha256=${sha256Hex.slice(0, 16)}...]`;
}

/** The `metadata: k=v, ...` line of a structured observation, or null when it has no non-empty metadata object. */
export function metadataLine(observation: unknown): string | null {
  if (!isPlainObject(observation) || !isPlainObject(observation.metadata)) return null;
  const pairs = Object.entries(observation.metadata).filter(([, v]) => v !== undefined);
  if (pairs.length === 0) return null;
  return `metadata: ${pairs.map(([k, v]) => `${k}=${pyStr(v)}`).join(', ')}`;
}

/** The first field of `order` whose value is an array, or null. */
export function findListField(observation: unknown, order: readonly string[]): string | null {
  if (!isPlainObject(observation)) return null;
  return order.find((f) => Array.isArray(observation[f])) ?? null;
}

/** Keys of a list's first item sorted by code point (Python's `sorted`) when it is an object, else null. */
export function firstItemKeys(list: readonly unknown[]): string[] | null {
  const first = list[0];
  return isPlainObject(first) ? Object.keys(first).sort(compareCodePoints) : null;
}

/**
 * Structured summary: an optional `metadata:` line, then `<field>: N items. Fields: ['a', 'b']` for the
 * first list field (no Fields part when the first item is not an object or is `{}`), or, with no list field, the
 * compact JSON (Python separators) summarized like text. Lines joined by "\n". `value` is JSON data.
 */
export function summarizeStructured(value: unknown): string {
  const lines: string[] = [];
  const meta = metadataLine(value);
  if (meta !== null) lines.push(meta);
  const field = findListField(value, SUMMARY_LIST_FIELDS);
  if (field !== null) {
    const list = (value as Record<string, unknown[]>)[field] ?? [];
    const keys = firstItemKeys(list);
    // As the original: no key list when the first item is not an object or is an empty one.
    lines.push(keys === null || keys.length === 0 ? `${field}: ${list.length} items` : `${field}: ${list.length} items. Fields: ${pyRepr(keys)}`);
  } else {
    lines.push(summarizeText(pyJsonDumps(value)));
  }
  return toWellFormed(lines.join('\n'));
}
