import { describe, expect, it } from 'vitest';
import { metadataLine, summarizeBinary, summarizeStructured, summarizeText } from '../../app/scratchpad/summary';
import { pyJsonDumps, pyRepr, pyStr } from '../../app/scratchpad/pyrepr';

describe('summarizeText', () => {
  it('keeps a text of at most 1,080 code points whole', () => {
    const text = '😀'.repeat(1080);
    expect(summarizeText(text)).toBe(text);
  });

  it('keeps 500 code points at each end of a longer text with the omitted count between', () => {
    const text = `${'a'.repeat(500)}${'😀'.repeat(81)}${'z'.repeat(500)}`;
    expect(summarizeText(text)).toBe(`${'a'.repeat(500)}\n\n[... 81 characters omitted ...]\n\n${'z'.repeat(500)}`);
  });

  it('makes lone surrogates U+FFFD, as the stored text has them', () => {
    expect(summarizeText('a\uD800b')).toBe('a\uFFFDb');
    expect(summarizeText(`\uDC00${'x'.repeat(2000)}\uD800`)).toBe(`\uFFFD${'x'.repeat(499)}\n\n[... 1002 characters omitted ...]\n\n${'x'.repeat(499)}\uFFFD`);
    expect(summarizeStructured({ metadata: { k: 'a\uD800' }, items: [] })).toBe('metadata: k=a\uFFFD\nitems: 0 items');
  });

  it('counts code points, not UTF-16 units, at the edges', () => {
    const text = '日😀'.repeat(600);
    const cps = Array.from(text);
    expect(summarizeText(text)).toBe(`${cps.slice(0, 500).join('')}\n\n[... 200 characters omitted ...]\n\n${cps.slice(-500).join('')}`);
  });
});

describe('summarizeBinary', () => {
  it('names the size and the first 16 hex digits of the sha256', () => {
    expect(summarizeBinary(10240, 'e96760a87768717bcebcfd25ddc7d46b4dbc95a4b0014def080c08539f7d90d0')).toBe(
      '[BINARY: 10240 bytes, sha256=e96760a87768717b...]',
    );
  });
});

describe('summarizeStructured', () => {
  it('gives the list line with the sorted keys of the first item (the original runtime, in English)', () => {
    expect(summarizeStructured({ ok: true, files: [{ name: 'a', bytes: 1 }], total: 300 })).toBe("files: 1 items. Fields: ['bytes', 'name']");
  });

  it('looks for list fields in the order matches, items, results, entries, files, paths', () => {
    expect(summarizeStructured({ paths: ['x'], entries: [1, 2], items: [{ b: 1 }] })).toBe("items: 1 items. Fields: ['b']");
    expect(summarizeStructured({ paths: ['x'], entries: [1, 2] })).toBe('entries: 2 items');
  });

  it('puts the metadata line first', () => {
    expect(summarizeStructured({ metadata: { q: 'cat', n: 2, deep: true, none: null, list: ['a', "b'c"] }, results: [] })).toBe(
      "metadata: q=cat, n=2, deep=True, none=None, list=['a', \"b'c\"]\nresults: 0 items",
    );
  });

  it('summarizes the compact JSON (Python separators) like text when there is no list', () => {
    const value = { ok: true, result: { values: Array.from({ length: 3000 }, (_, i) => i) }, message: 'computed' };
    const compact = pyJsonDumps(value);
    expect(compact.startsWith('{"ok": true, "result": {"values": [0, 1, 2,')).toBe(true);
    expect(summarizeStructured(value)).toBe(summarizeText(compact));
    expect(summarizeStructured(value)).toContain(`[... ${compact.length - 1000} characters omitted ...]`);
  });
});

describe('metadataLine', () => {
  it('is null without a non-empty metadata object', () => {
    expect(metadataLine({ metadata: {} })).toBeNull();
    expect(metadataLine({ metadata: 'x' })).toBeNull();
    expect(metadataLine([1])).toBeNull();
  });
});

describe('python renderings', () => {
  it('repr and str follow Python for JSON data', () => {
    expect(pyRepr(['a', 1, true, null, { k: 'v' }])).toBe("['a', 1, True, None, {'k': 'v'}]");
    expect(pyRepr("it's")).toBe('"it\'s"');
    expect(pyRepr('a\nb\\')).toBe("'a\\nb\\\\'");
    expect(pyStr('plain')).toBe('plain');
    expect(pyJsonDumps({ a: [1, 'é'], b: {} })).toBe('{"a": [1, "é"], "b": {}}');
  });
});
