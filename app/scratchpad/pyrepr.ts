/*
 * Python-style renderings used by the original runtime's summaries (shared/formats/metnos-v1.md): `str()`
 * of metadata values, `repr()` of key lists, and `json.dumps` with its default separators (", " and ": ").
 * Only JSON data is rendered (null, booleans, numbers, strings, arrays, plain objects).
 */

/**
 * Characters Python's `str.isprintable()` rejects, other than the ASCII ones handled by name: categories Other
 * (Cc controls incl. C1, Cf format such as U+200B, Cs lone surrogates, Co private use, Cn unassigned) and
 * Separator (Zs such as NBSP, Zl, Zp), except the ASCII space. (Unicode versions of Python and V8 may differ
 * on the newest assignments.)
 */
const NON_PRINTABLE = /^[\p{C}\p{Z}]$/u;

/** Python's escape of a non-printable code point: `\xhh` below U+0100, `\uhhhh` below U+10000, else `\Uhhhhhhhh`. */
function pyEscape(c: number): string {
  if (c < 0x100) return `\\x${c.toString(16).padStart(2, '0')}`;
  if (c < 0x10000) return `\\u${c.toString(16).padStart(4, '0')}`;
  return `\\U${c.toString(16).padStart(8, '0')}`;
}

/**
 * Python `repr()` of a string: single quotes unless it holds a single quote and no double quote; backslash,
 * the quote, \n \r \t escaped by name, other non-printable characters as Python escapes them.
 */
export function pyReprString(s: string): string {
  const quote = s.includes("'") && !s.includes('"') ? '"' : "'";
  let out = '';
  for (const ch of s) {
    const c = ch.codePointAt(0) ?? 0;
    if (ch === '\\') out += '\\\\';
    else if (ch === quote) out += `\\${quote}`;
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\t') out += '\\t';
    else if (ch !== ' ' && NON_PRINTABLE.test(ch)) out += pyEscape(c);
    else out += ch;
  }
  return quote + out + quote;
}

/**
 * Compares two strings by code point, as Python's `sorted` does (JavaScript's default sort compares UTF-16
 * code units, which puts an astral character before U+E000..U+FFFF).
 */
export function compareCodePoints(a: string, b: string): number {
  const x = a[Symbol.iterator]();
  const y = b[Symbol.iterator]();
  for (;;) {
    const p = x.next();
    const q = y.next();
    if (p.done || q.done) return p.done && q.done ? 0 : p.done ? -1 : 1;
    const d = (p.value.codePointAt(0) as number) - (q.value.codePointAt(0) as number);
    if (d !== 0) return d;
  }
}

/** Python `repr()` of JSON data: None/True/False, quoted strings, [a, b], {'k': v}. */
export function pyRepr(value: unknown): string {
  if (typeof value === 'string') return pyReprString(value);
  return pyStrOf(value, pyRepr);
}

/** Python `str()` of JSON data: a string as itself, everything else as {@link pyRepr}. */
export function pyStr(value: unknown): string {
  return typeof value === 'string' ? value : pyStrOf(value, pyRepr);
}

function pyStrOf(value: unknown, inner: (v: unknown) => string): string {
  if (value === null || value === undefined) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : 'None';
  if (Array.isArray(value)) return `[${value.map(inner).join(', ')}]`;
  if (typeof value === 'object') {
    return `{${Object.entries(value as Record<string, unknown>)
      .map(([k, v]) => `${pyReprString(k)}: ${inner(v)}`)
      .join(', ')}}`;
  }
  return String(value);
}

/** Python `json.dumps(value, ensure_ascii=False)`: JSON with ", " and ": " separators, non-ASCII kept. */
export function pyJsonDumps(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (Array.isArray(value)) return `[${value.map(pyJsonDumps).join(', ')}]`;
  if (typeof value === 'object') {
    return `{${Object.entries(value as Record<string, unknown>)
      .map(([k, v]) => `${JSON.stringify(k)}: ${pyJsonDumps(v)}`)
      .join(', ')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
