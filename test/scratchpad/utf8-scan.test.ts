import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { encodeText, textCuts } from '../../app/scratchpad/core/encode';
import { Utf8Scanner } from '../../app/scratchpad/core/utf8-scan';
import { countCodePoints, countNewlines } from '../../app/scratchpad/search/bytes';
import { SUMMARY_EDGE, summarizeText, summarizeTextAt } from '../../app/scratchpad/summary';
import { toWellFormed } from '../../app/common/codepoints';

// Emoji (4 bytes, 2 UTF-16 units), ZWJ sequences, combining marks, CRLF and lone `\r`, lone surrogates (stored as
// U+FFFD, 3 bytes), 2- and 3-byte characters, and arbitrary UTF-16 units.
const fragment = fc.oneof(
  fc.constantFrom('a', '\n', '\r\n', '\r', 'é', '日', '😀', '👨‍👩‍👧', '🇮🇹', '\uD800', '\uDC00', 'e\u0301', 'x\u0336\u0335', '\uFFFD'),
  fc.string({ unit: 'binary', maxLength: 4 }),
  fc.string({ maxLength: 40 }),
);
const text = fc.array(fragment, { maxLength: 400 }).map((parts) => parts.join(''));

/** `bytes` copied to a fresh buffer at byte offset `shift` (0-3), so word alignment differs. */
function shifted(bytes: Uint8Array, shift: number): Buffer {
  const backing = Buffer.alloc(bytes.length + 8);
  backing.set(bytes, shift);
  return backing.subarray(shift, shift + bytes.length);
}

/** Byte offset of every code point start of well-formed `text`'s UTF-8, plus the end. */
function codePointStarts(s: string): number[] {
  const out = [0];
  for (const c of toWellFormed(s)) out.push(out[out.length - 1]! + Buffer.byteLength(c));
  return out;
}

describe('Utf8Scanner.skip', () => {
  it('passes as many code points as asked and counts the `\\n` it passed, like the reference counters (any alignment)', () => {
    fc.assert(
      fc.property(text, fc.integer({ min: 0, max: 3 }), fc.array(fc.integer({ min: 0, max: 300 }), { minLength: 1, maxLength: 12 }), (s, shift, steps) => {
        const bytes = shifted(Buffer.from(s, 'utf8'), shift);
        const starts = codePointStarts(s);
        const scan = new Utf8Scanner(bytes);
        let at = 0;
        let cp = 0;
        for (const step of steps) {
          const to = scan.skip(at, step);
          const expectedCp = Math.min(step, starts.length - 1 - cp);
          expect(scan.skipped).toBe(expectedCp);
          expect(to).toBe(starts[cp + expectedCp]);
          expect(scan.newlines).toBe(countNewlines(bytes, at, to));
          expect(countCodePoints(bytes, at, to)).toBe(expectedCp);
          at = to;
          cp += expectedCp;
        }
      }),
      { numRuns: 400 },
    );
  });

  it('agrees with the reference counters on arbitrary bytes too (a code point is a byte not 10xxxxxx)', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 600 }), fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 700 }), (raw, shift, count) => {
        const bytes = shifted(raw, shift);
        const scan = new Utf8Scanner(bytes);
        const to = scan.skip(0, count);
        expect(scan.skipped).toBe(countCodePoints(bytes, 0, to));
        expect(scan.newlines).toBe(countNewlines(bytes, 0, to));
        if (scan.skipped < count) expect(to).toBe(bytes.length);
      }),
      { numRuns: 300 },
    );
  });
});

describe('Utf8Scanner.fourByteStarts', () => {
  it('counts the bytes 11110xxx of any range, at any alignment', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), fc.integer({ min: 0, max: 3 }), fc.nat(), fc.nat(), (raw, shift, x, y) => {
        const bytes = shifted(raw, shift);
        const a = raw.length === 0 ? 0 : x % (raw.length + 1);
        const b = a + (raw.length - a === 0 ? 0 : y % (raw.length - a + 1));
        const expected = [...bytes.subarray(a, b)].filter((v) => v >= 0xf0).length;
        expect(new Utf8Scanner(bytes).fourByteStarts(a, b)).toBe(expected);
      }),
      { numRuns: 400 },
    );
  });
});

describe('encodeText newline counts', () => {
  it("give each chunk's `\\n` count, as counting the chunk's bytes does (ASCII and not, tiny and large chunks)", () => {
    fc.assert(
      fc.property(text, fc.integer({ min: 1, max: 3_000 }), (s, chunk) => {
        const enc = encodeText(s, chunk);
        const chunks = enc.byteOffsets.length - 1;
        expect(enc.newlines).toHaveLength(chunks);
        for (let i = 0; i < chunks; i++) expect(enc.newlines![i]).toBe(countNewlines(enc.bytes, enc.byteOffsets[i], enc.byteOffsets[i + 1]));
        expect(enc.newlines!.reduce((x, y) => x + y, 0)).toBe(s.split('\n').length - 1);
      }),
      { numRuns: 400 },
    );
  });
});

describe('textCuts and summarizeTextAt', () => {
  const long = fc
    .tuple(fc.array(fragment, { minLength: 1, maxLength: 30 }), fc.integer({ min: 1, max: 400 }), text)
    .map(([parts, times, tail]) => parts.join('').repeat(times) + tail);

  it('cut where summarizeText cuts, so the put summary is the reference summary (chunk and index marks of any size)', () => {
    fc.assert(
      fc.property(long, fc.integer({ min: 1, max: 5_000 }), (s, chunk) => {
        const enc = encodeText(s, chunk);
        const cuts = textCuts(s, enc, chunk, SUMMARY_EDGE);
        expect(summarizeTextAt(s, enc.lengthUnits, cuts.head, cuts.tail)).toBe(summarizeText(s));
        const chars = Array.from(s);
        if (chars.length >= SUMMARY_EDGE) {
          expect(cuts.head).toBe(chars.slice(0, SUMMARY_EDGE).join('').length);
          expect(cuts.tail).toBe(s.length - chars.slice(chars.length - SUMMARY_EDGE).join('').length);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('cut an ASCII text by arithmetic', () => {
    const s = 'a'.repeat(3_000);
    expect(textCuts(s, encodeText(s, 1_024), 1_024, SUMMARY_EDGE)).toEqual({ head: 500, tail: 2_500 });
  });

  it('count an emoji as one code point and two UTF-16 units at both edges', () => {
    const s = '😀'.repeat(600) + 'b'.repeat(600) + '😀'.repeat(600);
    const cuts = textCuts(s, encodeText(s, 32_768), 32_768, SUMMARY_EDGE);
    expect(cuts).toEqual({ head: 1_000, tail: s.length - 1_000 });
    expect(summarizeTextAt(s, 1_800, cuts.head, cuts.tail)).toBe(`${'😀'.repeat(500)}\n\n[... 800 characters omitted ...]\n\n${'😀'.repeat(500)}`);
  });
});
