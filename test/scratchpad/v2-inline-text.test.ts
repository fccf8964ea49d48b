import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { encodeText } from '../../app/scratchpad/core/encode';
import { summarizeText } from '../../app/scratchpad/summary';
import { restoreInlineText, splitInlineText } from '../../app/scratchpad/v2/inline-text';

/** Texts around the summary limits, from pieces of 1 to 4 UTF-8 bytes, lone surrogates, `\n` and combining marks. */
const piece = fc.constantFrom('a', '\n', 'é', '数', '😀', '👩‍💻', 'e\u0301', '\ud800', '\udc00', 'x\ud83d');
const text = fc.oneof(
  fc.array(piece, { maxLength: 40 }).map((p) => p.join('')),
  fc.tuple(fc.array(piece, { minLength: 1, maxLength: 8 }), fc.integer({ min: 150, max: 1_200 })).map(([p, n]) => p.join('').repeat(n).slice(0, 6_000)),
);
const CHUNK = 32_768;

describe('splitInlineText', () => {
  it('gives the summary summarizeText gives, and restoreInlineText puts the exact UTF-8 bytes back together', () => {
    fc.assert(
      fc.property(text, (t) => {
        const enc = encodeText(t, CHUNK);
        const { summary, data } = splitInlineText(enc, CHUNK);
        expect(summary).toBe(summarizeText(t));
        const row = { size_bytes: enc.bytes.length, length_units: enc.lengthUnits };
        const shared = data.length < enc.bytes.length ? Buffer.from(summary) : null;
        expect(restoreInlineText(Buffer.from(data), row, shared, 'f', 'id').equals(enc.bytes)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('stores nothing of a text that is its own summary, and only the middle of a longer one', () => {
    const short = encodeText('naïve\n😀', CHUNK);
    expect(splitInlineText(short, CHUNK)).toEqual({ summary: 'naïve\n😀', data: Buffer.alloc(0) });
    const long = `${'é'.repeat(500)}${'m'.repeat(81)}${'😀'.repeat(500)}`;
    const { summary, data } = splitInlineText(encodeText(long, CHUNK), CHUNK);
    expect([summary, data.toString('utf8')]).toEqual([`${'é'.repeat(500)}\n\n[... 81 characters omitted ...]\n\n${'😀'.repeat(500)}`, 'm'.repeat(81)]);
  });
});

describe('restoreInlineText', () => {
  const long = `${'é'.repeat(500)}${'m'.repeat(81)}${'😀'.repeat(500)}`;
  const enc = encodeText(long, CHUNK);
  const { summary, data } = splitInlineText(enc, CHUNK);
  const row = { size_bytes: enc.bytes.length, length_units: enc.lengthUnits };

  it('returns a whole row as it is, without its summary', () => {
    expect(restoreInlineText(enc.bytes, row, null, 'f', 'id')).toBe(enc.bytes);
  });

  it('raises CORRUPT when the pieces do not add up to the size, or the summary is not of that text', () => {
    const cases: [Buffer, Buffer | null][] = [
      [data.subarray(1), Buffer.from(summary)],
      [data, null],
      [data, Buffer.from(summary.replace('81 characters', '82 characters'))],
      [Buffer.alloc(0), Buffer.from(summary)],
    ];
    for (const [d, shared] of cases) {
      expect(() => restoreInlineText(d, row, shared, 'f', 'abc')).toThrow(
        expect.objectContaining({ code: 'CORRUPT', message: 'f: content of entry abc does not match its size' }),
      );
    }
  });
});
