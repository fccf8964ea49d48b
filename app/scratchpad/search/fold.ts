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

/** A folded string with, per folded unit, the original unit it came from and whether it starts that fold. */
export interface FoldMap {
  readonly folded: string;
  /** Original UTF-16 index of the code point each folded unit comes from (length folded.length + 1). */
  readonly origin: Int32Array;
  /** 1 where a folded unit is the first unit of an original code point's fold (length folded.length + 1). */
  readonly starts: Uint8Array;
}

/** Folds `s` code point by code point keeping the map back to `s` (for texts whose fold changes length). */
export function foldWithMap(s: string): FoldMap {
  const parts: string[] = [];
  const origin: number[] = [];
  const starts: number[] = [];
  for (let i = 0; i < s.length; ) {
    const cp = s.codePointAt(i)!;
    const f = foldCodePoint(cp);
    parts.push(f);
    for (let k = 0; k < f.length; k++) {
      origin.push(i);
      starts.push(k === 0 ? 1 : 0);
    }
    i += cp > 0xffff ? 2 : 1;
  }
  origin.push(s.length);
  starts.push(1);
  return { folded: parts.join(''), origin: Int32Array.from(origin), starts: Uint8Array.from(starts) };
}

/**
 * Every non-ASCII code point whose fold holds an ASCII character (the tests recompute this over all code points).
 */
export const FOLDS_TO_ASCII: readonly number[] = [
  0xdf, 0x130, 0x131, 0x149, 0x17f, 0x1f0, 0x1e96, 0x1e97, 0x1e98, 0x1e99, 0x1e9a, 0x1e9e, 0x212a,
  0xfb00, 0xfb01, 0xfb02, 0xfb03, 0xfb04, 0xfb05, 0xfb06,
];

/** Non-ASCII code points whose fold holds one of the ASCII characters of `chars` (K for k, ß for s, ﬁ for f...). */
export function foldsIntoAscii(chars: string): number[] {
  return FOLDS_TO_ASCII.filter((cp) => [...foldCodePoint(cp)].some((c) => c < '\x80' && chars.includes(c)));
}
