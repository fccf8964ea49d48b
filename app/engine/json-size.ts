// The UTF-8 size of `JSON.stringify(value)`, computed by walking the value: an observation may hold a text
// whose JSON is longer than the longest string V8 can build (~2^29 characters), which `put` stores anyway.

/**
 * UTF-8 bytes of `s` as a JSON string literal, quotes included (JSON.stringify's escapes, lone surrogates as
 * \uXXXX), in one pass over its code units with no allocation (about as fast as JSON.stringify itself).
 */
export function jsonStringBytes(s: string): number {
  let n = 2;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) {
      if (c === 0x22 || c === 0x5c || c === 0x08 || c === 0x0c || c === 0x0a || c === 0x0d || c === 0x09) n += 2;
      else n += c < 0x20 ? 6 : 1;
    } else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff) {
      const d = i + 1 < s.length ? s.charCodeAt(i + 1) : 0;
      if (d >= 0xdc00 && d <= 0xdfff) {
        n += 4;
        i++;
      } else n += 6;
    } else if (c >= 0xdc00 && c <= 0xdfff) n += 6;
    else n += 3;
  }
  return n;
}

/**
 * UTF-8 bytes of `JSON.stringify(value)` (compact), or undefined where JSON.stringify gives undefined (a bare
 * undefined, function or symbol). Follows its rules: toJSON, wrapper objects unwrapped, non-finite numbers as
 * null, undefined/functions/symbols left out of objects and null in arrays. Throws TypeError for a BigInt or a
 * cycle, as JSON.stringify does.
 */
export function jsonBytesOf(value: unknown): number | undefined {
  return walk(value, '', new Set());
}

function walk(input: unknown, key: string, stack: Set<object>): number | undefined {
  let value = input;
  if (typeof value === 'object' && value !== null && typeof (value as { toJSON?: unknown }).toJSON === 'function') {
    value = (value as { toJSON: (k: string) => unknown }).toJSON(key);
  }
  if (value instanceof Number || value instanceof String || value instanceof Boolean) value = value.valueOf();
  switch (typeof value) {
    case 'string':
      return jsonStringBytes(value);
    case 'number':
      return Number.isFinite(value) ? String(value).length : 4;
    case 'boolean':
      return value ? 4 : 5;
    case 'bigint':
      throw new TypeError('Do not know how to serialize a BigInt');
    case 'undefined':
    case 'function':
    case 'symbol':
      return undefined;
  }
  if (value === null) return 4;
  const object = value as object;
  if (stack.has(object)) throw new TypeError('Converting circular structure to JSON');
  stack.add(object);
  try {
    if (Array.isArray(object)) {
      let n = 2 + Math.max(0, object.length - 1);
      for (let i = 0; i < object.length; i++) n += walk(object[i], String(i), stack) ?? 4;
      return n;
    }
    let n = 2;
    let fields = 0;
    for (const k of Object.keys(object)) {
      const size = walk((object as Record<string, unknown>)[k], k, stack);
      if (size === undefined) continue;
      n += jsonStringBytes(k) + 1 + size + (fields > 0 ? 1 : 0);
      fields++;
    }
    return n;
  } finally {
    stack.delete(object);
  }
}
