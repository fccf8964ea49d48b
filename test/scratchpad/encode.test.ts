import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createHash } from 'node:crypto';
import { encodeBinary, encodeText } from '../../app/scratchpad/core/encode';
import { CP_INDEX_STEP } from '../../app/scratchpad/core/chunk-layout';
import { toWellFormed } from '../../app/common/codepoints';

const fragment = fc.oneof(fc.constantFrom('a', 'é', '日', '😀', '👨‍👩‍👧', '\uD800', 'e\u0301', '\n'), fc.string({ unit: 'binary', maxLength: 3 }));

/** Chunk starts and cp_index marks computed the plain way, from Array.from over the text. */
function reference(text: string, chunk: number): { offsets: number[]; marks: number[][] } {
  const offsets: number[] = [];
  const marks: number[][] = [];
  let byte = 0;
  let chunkStart = 0;
  Array.from(toWellFormed(text)).forEach((c, i) => {
    if (i % chunk === 0) {
      offsets.push(byte);
      marks.push([]);
      chunkStart = byte;
    } else if ((i % chunk) % CP_INDEX_STEP === 0) {
      marks[marks.length - 1]?.push(byte - chunkStart);
    }
    byte += Buffer.byteLength(c);
  });
  offsets.push(byte);
  return { offsets, marks };
}

describe('encodeText', () => {
  it('cuts every N code points and counts them like Array.from (short texts, tiny chunks)', () => {
    fc.assert(
      fc.property(fc.array(fragment, { maxLength: 300 }), fc.integer({ min: 1, max: 40 }), (parts, chunk) => {
        const text = parts.join('');
        const enc = encodeText(text, chunk);
        expect(enc.lengthUnits).toBe(Array.from(text).length);
        expect(enc.byteOffsets).toEqual(reference(text, chunk).offsets);
        expect(Buffer.from(enc.bytes).equals(Buffer.from(text, 'utf8'))).toBe(true);
        expect(enc.sha256).toBe(createHash('sha256').update(Buffer.from(text, 'utf8')).digest('hex'));
      }),
      { numRuns: 500 },
    );
  });

  it("records each chunk's code point index marks (long texts)", () => {
    fc.assert(
      fc.property(
        fc.array(fragment, { minLength: 1, maxLength: 6 }),
        fc.integer({ min: 300, max: 2_000 }),
        fc.integer({ min: CP_INDEX_STEP + 1, max: 4 * CP_INDEX_STEP }),
        (parts, times, chunk) => {
          const text = parts.join('').repeat(times);
          const enc = encodeText(text, chunk);
          const ref = reference(text, chunk);
          expect(enc.byteOffsets).toEqual(ref.offsets);
          enc.cpIndexes?.forEach((index, i) => {
            const size = (ref.offsets[i + 1] as number) - (ref.offsets[i] as number);
            const cps = Math.min(chunk, enc.lengthUnits - i * chunk);
            const expected = ref.marks[i] ?? [];
            if (expected.length === 0 || size === cps) expect(index).toBeNull();
            else expect(Array.from({ length: (index as Buffer).length / 4 }, (_, j) => (index as Buffer).readUInt32LE(4 * j))).toEqual(expected);
          });
        },
      ),
      { numRuns: 40 },
    );
  });

  it('cuts ASCII text by arithmetic, without an index', () => {
    const enc = encodeText('abcdefghij', 4);
    expect(enc).toMatchObject({ byteOffsets: [0, 4, 8, 10], cpIndexes: null, lengthUnits: 10 });
  });
});

describe('encodeBinary', () => {
  it('cuts every N bytes of any Uint8Array view without copying', () => {
    const backing = new Uint8Array(20).map((_, i) => i);
    const view = backing.subarray(3, 14);
    const enc = encodeBinary(view, 4);
    expect(enc.byteOffsets).toEqual([0, 4, 8, 11]);
    expect(enc.bytes.buffer).toBe(backing.buffer);
    expect([...enc.bytes]).toEqual([...view]);
    expect(encodeBinary(new Uint8Array(0), 4).byteOffsets).toEqual([0]);
  });
});
