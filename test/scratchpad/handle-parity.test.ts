// Parity of the synthetic handle and the structured summary with the original runtime
// (shared/formats/metnos-v1.md, "How rows are written").
import { describe, expect, it } from 'vitest';
import { HANDLE_LIST_FIELDS, buildHandle, refHint } from '../../app/scratchpad/handle';
import { compareCodePoints, pyRepr, pyReprString } from '../../app/scratchpad/pyrepr';
import { firstItemKeys, summarizeStructured } from '../../app/scratchpad/summary';

const base = { id: 'b'.repeat(44), stepNum: 2, sizeBytes: 50, kind: 'text' as const, summary: 's' };

describe('key order', () => {
  it('sorts by code point as Python does, not by UTF-16 unit', () => {
    // U+E000 < U+1F600 by code point; by UTF-16 unit the astral one (0xD83D...) would sort first.
    expect(firstItemKeys([{ '\u{1F600}': 1, '\uE000': 2, a: 3 }])).toEqual(['a', '\uE000', '\u{1F600}']);
    expect(['\u{1F600}', '\uFFFF', '\uE000'].sort(compareCodePoints)).toEqual(['\uE000', '\uFFFF', '\u{1F600}']);
    expect([compareCodePoints('ab', 'a'), compareCodePoints('a', 'ab'), compareCodePoints('x', 'x')]).toEqual([1, -1, 0]);
  });
  it('orders the handle schema and the summary key list the same way', () => {
    const obs = { files: [{ '\u{10000}': 1, '\uFF01': 2 }] };
    expect(buildHandle({ ...base, source: obs }).schema).toEqual(['\uFF01', '\u{10000}']);
    expect(summarizeStructured(obs)).toBe("files: 1 items. Fields: ['\uFF01', '\u{10000}']");
  });
});

describe('pyReprString', () => {
  it.each([
    ['\u00a0x', "'\\xa0x'"], // NBSP (Zs)
    ['zw\u200bsp', "'zw\\u200bsp'"], // zero-width space (Cf)
    ['\u0085', "'\\x85'"], // C1 control
    ['\u009f', "'\\x9f'"],
    ['\uE000', "'\\ue000'"], // private use
    ['\u{F0000}', "'\\U000f0000'"], // supplementary private use
    ['\u0378', "'\\u0378'"], // unassigned
    ['\u2028', "'\\u2028'"], // line separator (Zl)
    ['\u007f', "'\\x7f'"],
    ['a b', "'a b'"], // the ASCII space stays
    ['é漢🙂', "'é漢🙂'"], // printable non-ASCII stays
  ])('escapes %j as Python repr does', (input, expected) => {
    expect(pyReprString(input)).toBe(expected);
  });
  it('escapes them inside the summary key list', () => {
    expect(summarizeStructured({ items: [{ '\u00a0x': 1, 'zw\u200bsp': 2 }] })).toBe(`items: 1 items. Fields: ${pyRepr(['zw\u200bsp', '\u00a0x'])}`);
    expect(pyRepr(['zw\u200bsp', '\u00a0x'])).toBe("['zw\\u200bsp', '\\xa0x']");
  });
});

describe('buildHandle', () => {
  it('copies every top-level boolean or number, after the light fields, never over a field it set', () => {
    const h = buildHandle({
      ...base,
      source: { total: 3, hits: 7, exact: false, ratio: 0.5, name: 'not copied', nested: { n: 1 }, size_bytes: 999, ok: false },
    });
    expect(h).toEqual({
      ok: false,
      scratchpad_id: base.id,
      step_num: 2,
      size_bytes: 50,
      kind: 'text',
      summary: 's',
      metadata: {},
      total: 3,
      hits: 7,
      exact: false,
      ratio: 0.5,
      ref_hint: refHint(base.id, 2, null),
    });
    expect(Object.keys(h).slice(-5)).toEqual(['total', 'hits', 'exact', 'ratio', 'ref_hint']);
  });
  it('gives metadata {} when the observation has none', () => {
    expect(buildHandle({ ...base, source: { files: [] } }).metadata).toEqual({});
    expect(buildHandle({ ...base, source: null }).metadata).toEqual({});
  });
  it('has no schema for an empty list or a first item that is not an object', () => {
    for (const files of [[], ['a.txt'], [1, 2], [null]]) {
      const h = buildHandle({ ...base, source: { files } });
      expect({ list_field: h.list_field, count: h.count, has: 'schema' in h }).toEqual({ list_field: 'files', count: files.length, has: false });
    }
    expect(buildHandle({ ...base, source: { files: [{}] } }).schema).toEqual([]);
  });
  it('names every read mode and the search tool in the ref_hint', () => {
    expect(refHint(base.id, null, null)).toBe(
      `The full observation is in the scratchpad: call scratchpad_read("${base.id}") with mode full, head, tail, range or lines, or find text in it with scratchpad_search.`,
    );
    expect(refHint(base.id, 3, 'files')).toContain('or find text in it with scratchpad_search.');
  });
  it('keeps the ref_hint within 300 bytes for a 64-character id', () => {
    const id = 'f'.repeat(64);
    for (const field of [null, ...HANDLE_LIST_FIELDS]) expect(Buffer.byteLength(refHint(id, Number.MAX_SAFE_INTEGER, field))).toBeLessThanOrEqual(300);
  });
});

describe('summarizeStructured', () => {
  it('leaves the key list out when the first item is {}', () => {
    expect(summarizeStructured({ files: [{}, { a: 1 }] })).toBe('files: 2 items');
  });
});
