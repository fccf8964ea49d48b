import { describe, expect, it } from 'vitest';
import { packHandle, unpackHandle } from '../../app/scratchpad/core/stored-handle';
import { buildHandle } from '../../app/scratchpad/handle';

const base = { id: 'abc', stepNum: 3, sizeBytes: 10, kind: 'text', summary: 'hello' } as const;
const rowOf = (h: ReturnType<typeof buildHandle>) => ({ id: 'abc', step_num: h.step_num, size_bytes: h.size_bytes, kind: h.kind, summary: h.summary });

describe('packHandle', () => {
  it('stores only the empty metadata of a plain observation (no source or an empty one) and rebuilds the same handle', () => {
    for (const source of [null, {}]) {
      const h = buildHandle({ ...base, source });
      expect(packHandle(h)).toBe('{"metadata":{}}');
      expect(unpackHandle(packHandle(h), rowOf(h))).toEqual(h);
    }
  });

  it('stores what the row cannot give back when there is more: ok false, metadata, light and list fields', () => {
    const cases = [{ ok: false }, { metadata: { a: 1 } }, { total: 7 }, { items: [{ b: 1, a: 2 }] }, { metadata: {}, truncated: true }];
    const expected = [
      '{"ok":false,"metadata":{}}',
      '{"metadata":{"a":1}}',
      '{"metadata":{},"total":7}',
      '{"metadata":{},"list_field":"items","count":1,"schema":["a","b"]}',
      '{"metadata":{},"truncated":true}',
    ];
    cases.forEach((source, i) => {
      const h = buildHandle({ ...base, source });
      expect(packHandle(h)).toBe(expected[i]);
      expect(unpackHandle(packHandle(h), rowOf(h))).toEqual(h);
    });
  });
});
