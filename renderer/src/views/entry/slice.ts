import type { ReadOptions } from '../../../../app/contract';
import { WINDOW_UNITS } from '../../../../app/common/limits';

/** Unit of a slice: text is sliced in code points, binary in bytes (contract ReadMeta.unit). */
export type SliceUnit = 'code_points' | 'bytes';
/** The three slice modes the controls offer ('full' is what head with n = total does). */
export type SliceMode = 'head' | 'tail' | 'range';
/** Raw text of the controls' inputs. */
export type SliceInput = { readonly mode: SliceMode; readonly n: string; readonly start: string; readonly end: string };
/** Field -> message, for every invalid field. */
export type SliceErrors = Partial<Record<'n' | 'start' | 'end', string>>;

/** Largest slice the view asks for at once, per unit (common/limits.ts): keeps the renderer under ~1 MB of one entry. */
export const MAX_SLICE: Readonly<Record<SliceUnit, number>> = WINDOW_UNITS;
/** Default slice width when an entry opens: 64 Ki code points or bytes. */
export const DEFAULT_SLICE = 65_536;

/** Parses a whole number >= 0 from an input's text, or returns the message explaining why it is not one. */
export function parseOffset(raw: string): number | string {
  const text = raw.trim();
  if (text === '') return 'required';
  if (/^-\s*\d/.test(text)) return 'must not be negative';
  if (!/^\d+$/.test(text)) return 'must be a whole number';
  const value = Number(text);
  if (!Number.isSafeInteger(value)) return 'too large';
  return value;
}

function unitName(unit: SliceUnit): string {
  return unit === 'code_points' ? 'code points' : 'bytes';
}

/**
 * Checks the controls against the entry's total length (null when not yet known) and returns the read
 * request, or the errors per field. Rules: whole numbers >= 0; head/tail n in 1..MAX_SLICE; range needs
 * start < end <= total and end - start <= MAX_SLICE; start must be inside the entry.
 */
export function validateSlice(
  input: SliceInput,
  total: number | null,
  unit: SliceUnit,
): { ok: true; request: ReadOptions } | { ok: false; errors: SliceErrors } {
  const max = MAX_SLICE[unit];
  const errors: SliceErrors = {};
  const u = unitName(unit);
  if (input.mode === 'head' || input.mode === 'tail') {
    const n = parseOffset(input.n);
    if (typeof n === 'string') errors.n = `n ${n}`;
    else if (n < 1) errors.n = 'n must be at least 1';
    else if (n > max) errors.n = `n must be at most ${max.toLocaleString('en-US')} ${u} (the view holds about 1 MB)`;
    if (typeof n === 'number' && !errors.n) return { ok: true, request: { mode: input.mode, n } };
    return { ok: false, errors };
  }
  const start = parseOffset(input.start);
  const end = parseOffset(input.end);
  if (typeof start === 'string') errors.start = `start ${start}`;
  if (typeof end === 'string') errors.end = `end ${end}`;
  if (typeof start === 'number' && typeof end === 'number') {
    if (start > end) errors.end = 'end must not be before start';
    else if (start === end) errors.end = 'end must be greater than start (end is exclusive)';
    else if (end - start > max) errors.end = `a range holds at most ${max.toLocaleString('en-US')} ${u}`;
    if (total !== null && start >= total && total > 0) errors.start = `start must be below the length (${total.toLocaleString('en-US')} ${u})`;
    if (total !== null && end > total && !errors.end) errors.end = `end must be at most the length (${total.toLocaleString('en-US')} ${u})`;
  }
  if (Object.keys(errors).length > 0 || typeof start !== 'number' || typeof end !== 'number') return { ok: false, errors };
  return { ok: true, request: { mode: 'range', start, end } };
}

/** A half-open [start, end) window in the slice unit. */
export type Window = { readonly start: number; readonly end: number };

/**
 * The window after `current`, `width` wide (default: current's width), clamped to the total; null at the end.
 * Pass the requested width so a short last page does not shrink the pages before it.
 */
export function nextWindow(current: Window, total: number, requestedWidth?: number): Window | null {
  const width = Math.max(1, requestedWidth ?? current.end - current.start);
  if (current.end >= total) return null;
  return { start: current.end, end: Math.min(total, current.end + width) };
}

/** The window before `current`, `width` wide (default: current's width), clamped at 0; null at the start. */
export function previousWindow(current: Window, total: number, requestedWidth?: number): Window | null {
  const width = Math.max(1, requestedWidth ?? current.end - current.start);
  if (current.start <= 0) return null;
  const start = Math.max(0, current.start - width);
  return { start, end: Math.min(total, start + width) };
}

/**
 * A window of `width` starting at `offset`, clamped into [0, total): near the end it is a full window ending
 * at `total` (so jumping close to the end shows `width` units, not the last few).
 */
export function windowAt(offset: number, width: number, total: number): Window {
  const w = Math.max(1, width);
  const start = Math.max(0, Math.min(offset, total - w));
  return { start, end: Math.min(total, start + w) };
}

/** The last window of `width` (go to end): [max(0, total - width), total). */
export function lastWindow(total: number, width: number): Window {
  return { start: Math.max(0, total - Math.max(1, width)), end: total };
}
