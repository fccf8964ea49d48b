/*
 * Python-style renderings used by the original runtime's summaries (shared/formats/metnos-v1.md): `str()`
 * of metadata values, `repr()` of key lists, and `json.dumps` with its default separators (", " and ": ").
 * Only JSON data is rendered (null, booleans, numbers, strings, arrays, plain objects).
 */

/** Python `repr()` of a string: single quotes unless it holds a single quote and no double quote. */
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
    else if (c < 0x20 || c === 0x7f) out += `\\x${c.toString(16).padStart(2, '0')}`;
    else out += ch;
  }
  return quote + out + quote;
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
    return `{${Object.entries(value as Record<string, unknown>).map(([k, v]) => `${pyReprString(k)}: ${inner(v)}`).join(', ')}}`;
  }
  return String(value);
}

/** Python `json.dumps(value, ensure_ascii=False)`: JSON with ", " and ": " separators, non-ASCII kept. */
export function pyJsonDumps(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (Array.isArray(value)) return `[${value.map(pyJsonDumps).join(', ')}]`;
  if (typeof value === 'object') {
    return `{${Object.entries(value as Record<string, unknown>).map(([k, v]) => `${JSON.stringify(k)}: ${pyJsonDumps(v)}`).join(', ')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
