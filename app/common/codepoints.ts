/*
 * Code-point arithmetic on JavaScript strings (UTF-16). A code point is one UTF-16 unit, or two for a
 * surrogate pair; a lone surrogate counts as one code point (it is stored as U+FFFD). Strings with no
 * surrogate at all take the fast path: code points and units coincide.
 */

const SURROGATE = /[\uD800-\uDFFF]/;

/** True when `s` holds any UTF-16 surrogate (so code points and units may differ). */
function hasSurrogates(s: string): boolean {
  return SURROGATE.test(s);
}

/** `s` with every lone surrogate replaced by U+FFFD (what UTF-8 encoding stores for it). */
export function toWellFormed(s: string): string {
  const w = s as string & { isWellFormed(): boolean; toWellFormed(): string };
  return w.isWellFormed() ? s : w.toWellFormed();
}

function isHigh(u: number): boolean {
  return u >= 0xd800 && u <= 0xdbff;
}

function isLow(u: number): boolean {
  return u >= 0xdc00 && u <= 0xdfff;
}

/** Length of `s` in code points. */
export function codePointLength(s: string): number {
  if (!hasSurrogates(s)) return s.length;
  let count = 0;
  for (let i = 0; i < s.length; i++, count++) {
    if (isHigh(s.charCodeAt(i)) && i + 1 < s.length && isLow(s.charCodeAt(i + 1))) i++;
  }
  return count;
}

/**
 * UTF-16 offset of code point `cp` in `s`, walking from unit `fromUnit` (itself at a code-point boundary)
 * where `cp` is counted from that unit. Clipped to `s.length`.
 */
export function unitOffset(s: string, cp: number, fromUnit = 0): number {
  let i = fromUnit;
  for (let k = 0; k < cp && i < s.length; k++) {
    i += isHigh(s.charCodeAt(i)) && i + 1 < s.length && isLow(s.charCodeAt(i + 1)) ? 2 : 1;
  }
  return i;
}

/**
 * The UTF-16 index `unit` moved back to the start of its code point: `unit - 1` when it falls inside a
 * surrogate pair (between its high and low half), else `unit` (clipped to [0, s.length]). For cutting a string
 * into pieces of at most n units without splitting a pair.
 */
export function codePointBoundary(s: string, unit: number): number {
  const i = Math.max(0, Math.min(s.length, unit));
  return i > 0 && i < s.length && isHigh(s.charCodeAt(i - 1)) && isLow(s.charCodeAt(i)) ? i - 1 : i;
}
