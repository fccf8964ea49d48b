import { describe, expect, it } from 'vitest';
import { DEFAULT_OFFLOAD_THRESHOLD_BYTES, measureObservationBytes } from '../../app/engine';
import { ScratchpadError } from '../../app/scratchpad/types';

// `{"content":""}` is 14 bytes: the wrapper every text observation below pays.
const WRAP = '{"content":""}'.length;

describe('DEFAULT_OFFLOAD_THRESHOLD_BYTES', () => {
  it('is 4096 bytes', () => {
    expect(DEFAULT_OFFLOAD_THRESHOLD_BYTES).toBe(4096);
  });
});

describe('measureObservationBytes', () => {
  it('counts the UTF-8 bytes of compact JSON for ASCII text', () => {
    expect(WRAP).toBe(14);
    expect(measureObservationBytes({ content: 'a'.repeat(100) })).toBe(114);
  });

  it('counts 2, 3 and 4 bytes for é, € and an emoji (not UTF-16 units or code points)', () => {
    expect(measureObservationBytes({ content: 'é' })).toBe(WRAP + 2);
    expect(measureObservationBytes({ content: '€' })).toBe(WRAP + 3);
    expect(measureObservationBytes({ content: '😀' })).toBe(WRAP + 4);
    expect(measureObservationBytes({ content: 'é€😀x' })).toBe(WRAP + 10);
  });

  it('counts JSON escapes as JSON.stringify writes them', () => {
    expect(measureObservationBytes({ content: '"\n\\' })).toBe(WRAP + 6);
    expect(measureObservationBytes({ content: '\u0001' })).toBe(WRAP + 6);
    expect(measureObservationBytes('abc')).toBe(5);
  });

  it('measures structured observations as their compact JSON', () => {
    const obs = { entries: [{ name: 'a.txt', size: 1 }], total: 1 };
    expect(measureObservationBytes(obs)).toBe('{"entries":[{"name":"a.txt","size":1}],"total":1}'.length);
    expect(measureObservationBytes([1, 2, 3])).toBe(7);
    expect(measureObservationBytes(42)).toBe(2);
    expect(measureObservationBytes(null)).toBe(4);
  });

  it('counts a bare Uint8Array or Buffer as its byte length', () => {
    expect(measureObservationBytes(new Uint8Array(5000))).toBe(5000);
    expect(measureObservationBytes(Buffer.alloc(3))).toBe(3);
  });

  it('counts binary content as its byte length plus the JSON of the other fields', () => {
    expect(measureObservationBytes({ content: new Uint8Array(4096) })).toBe(4096);
    expect(measureObservationBytes({ content: Buffer.alloc(10), mime: 'image/png' })).toBe(10 + '{"mime":"image/png"}'.length);
  });

  it('rejects values JSON cannot serialize with INVALID_ARGUMENT', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    for (const bad of [undefined, () => 1, 10n, cyclic, { content: new Uint8Array(1), n: 1n }]) {
      let thrown: unknown;
      try {
        measureObservationBytes(bad);
      } catch (e) {
        thrown = e;
      }
      expect(thrown).toBeInstanceOf(ScratchpadError);
      expect((thrown as ScratchpadError).code).toBe('INVALID_ARGUMENT');
    }
  });
});
