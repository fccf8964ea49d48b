/*
 * Unicode full case folding as JavaScript's own case mappings give it: fold(c) = lower(upper(c)), then the two
 * results that are not yet fixed points mapped on (ẞ -> ß -> "ss"; final ς -> σ, which whole-string
 * toLowerCase produces at word ends). This agrees with CaseFolding.txt's C+F mappings (ß and ẞ -> "ss",
 * ς -> σ, ſ -> s, K (Kelvin) -> k, İ -> "i̇", ligatures like ﬁ -> "fi", Cyrillic and Greek pairs) except that
 * dotless ı also folds to i. It is idempotent on every code point (checked over all of them in the tests).
 */

const FIX = /[ßς]/g;
const fixOne = (m: string): string => (m === 'ß' ? 'ss' : 'σ');

/** The case fold of a whole string (the concatenation of its code points' folds). */
export function foldString(s: string): string {
  const f = s.toUpperCase().toLowerCase();
  return f.indexOf('ß') === -1 && f.indexOf('ς') === -1 ? f : f.replace(FIX, fixOne);
}

// Bounded: a text can name any of 1.1 million code points.
const CACHE_MAX = 65_536;
const cache = new Map<number, string>();

/** The fold of one code point. */
export function foldCodePoint(cp: number): string {
  if (cp < 0x80) return cp >= 0x41 && cp <= 0x5a ? String.fromCharCode(cp + 32) : String.fromCharCode(cp);
  let f = cache.get(cp);
  if (f === undefined) {
    f = foldString(String.fromCodePoint(cp));
    if (cache.size < CACHE_MAX) cache.set(cp, f);
  }
  return f;
}

// Every code point whose fold is longer than itself (all in the BMP; none is shorter). Checked in the tests.
const EXPANDING =
  /[\u00df\u0130\u0149\u01f0\u0390\u03b0\u0587\u1e96-\u1e9a\u1e9e\u1f50\u1f52\u1f54\u1f56\u1f80-\u1faf\u1fb2-\u1fb4\u1fb6-\u1fb7\u1fbc\u1fc2-\u1fc4\u1fc6-\u1fc7\u1fcc\u1fd2-\u1fd3\u1fd6-\u1fd7\u1fe2-\u1fe4\u1fe6-\u1fe7\u1ff2-\u1ff4\u1ff6-\u1ff7\u1ffc\ufb00-\ufb06\ufb13-\ufb17]/g;

/**
 * Where foldString(text) differs in length from `text`: each expanding code point's original unit, the unit where
 * its fold starts in the folded text, the fold's length and the units gained up to and including it. Between
 * expansions, units correspond one to one.
 */
export interface FoldExpansions {
  readonly origin: readonly number[];
  readonly foldedStart: readonly number[];
  readonly foldedLength: readonly number[];
  readonly gained: readonly number[];
}

/** The expansions of `text`'s fold (one regex pass; empty for most texts). */
export function foldExpansions(text: string): FoldExpansions {
  const origin: number[] = [];
  const foldedStart: number[] = [];
  const foldedLength: number[] = [];
  const gained: number[] = [];
  let extra = 0;
  for (const m of text.matchAll(EXPANDING)) {
    const len = foldCodePoint(m[0].charCodeAt(0)).length;
    origin.push(m.index);
    foldedStart.push(m.index + extra);
    foldedLength.push(len);
    extra += len - 1;
    gained.push(extra);
  }
  return { origin, foldedStart, foldedLength, gained };
}

/** Last index k with list[k] <= v, or -1. */
function lastAtMost(list: readonly number[], v: number): number {
  let lo = 0;
  let hi = list.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    if (list[mid]! <= v) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

/** Original unit that folded unit `q` comes from, and whether `q` starts that code point's fold. */
export function originOf(x: FoldExpansions, q: number): { readonly unit: number; readonly start: boolean } {
  const k = lastAtMost(x.foldedStart, q);
  if (k === -1) return { unit: q, start: true };
  if (q < x.foldedStart[k]! + x.foldedLength[k]!) return { unit: x.origin[k]!, start: q === x.foldedStart[k]! };
  return { unit: q - x.gained[k]!, start: true };
}

/** Folded unit where original unit `u` (a code-point start) begins. */
export function foldedOf(x: FoldExpansions, u: number): number {
  const k = lastAtMost(x.origin, u - 1);
  return k === -1 ? u : u + x.gained[k]!;
}

/**
 * Every non-ASCII code point whose fold holds an ASCII character (the tests recompute this over all code points).
 */
export const FOLDS_TO_ASCII: readonly number[] = [
  0xdf, 0x130, 0x131, 0x149, 0x17f, 0x1f0, 0x1e96, 0x1e97, 0x1e98, 0x1e99, 0x1e9a, 0x1e9e, 0x212a, 0xfb00, 0xfb01, 0xfb02, 0xfb03, 0xfb04, 0xfb05, 0xfb06,
];

/** Non-ASCII code points whose fold holds one of the ASCII characters of `chars` (K for k, ß for s, ﬁ for f...). */
export function foldsIntoAscii(chars: string): number[] {
  return FOLDS_TO_ASCII.filter((cp) => [...foldCodePoint(cp)].some((c) => c < '\x80' && chars.includes(c)));
}
