import { describe, expect, it } from 'vitest';
import { previewParts } from '../../renderer/src/views/search/previewText';

/** A text hit whose preview is `before` + `match` + `after`, the match at code point `offset` of the entry. */
const hit = (before: string, match: string, after: string, offset: number, kind: 'text' | 'binary' = 'text') => ({
  kind,
  offset,
  preview: { text: before + match + after, matchStart: Array.from(before).length, matchLength: Array.from(match).length },
});

describe('previewParts', () => {
  it('marks both cut ends with … and moves them to the nearest space, not mid-word', () => {
    // 30 code points each side, as the store cuts them, from the middle of a line of words.
    const before = 'er constructs. That is not an ';
    const after = ': `z.compile()` hands the sche';
    expect([Array.from(before).length, Array.from(after).length]).toEqual([30, 30]);
    expect(previewParts(hit(before, 'error', after, 5_000))).toEqual({
      before: '…constructs. That is not an ',
      match: 'error',
      after: ': `z.compile()` hands the…',
    });
  });

  it('keeps an end that is the entry’s start, and an after-context shorter than the store’s (the entry’s end)', () => {
    expect(previewParts(hit('Found an ', 'error', ' here', 9))).toEqual({ before: 'Found an ', match: 'error', after: ' here' });
  });

  it('cuts a word only when no space is near the end, and never shortens the match', () => {
    const before = 'x'.repeat(30);
    const after = 'y'.repeat(30);
    expect(previewParts(hit(before, 'MATCH', after, 100))).toEqual({ before: `…${before}`, match: 'MATCH', after: `${after}…` });
  });

  it('does not leave spaces next to a …', () => {
    const before = 'ue  indented code and then a ';
    const after = ' {\n    result.error; // ZodErr';
    expect([Array.from(before).length, Array.from(after).length]).toEqual([29, 30]);
    expect(previewParts(hit(before, 'error', after, 500))).toEqual({ before: '…indented code and then a ', match: 'error', after: ' {↵    result.error; //…' });
  });

  it('shows newlines as ↵ and drops the CR of CRLF, the match staying in place', () => {
    expect(previewParts(hit('a\r\nb ', 'hit', '\nc', 5))).toEqual({ before: 'a↵b ', match: 'hit', after: '↵c' });
  });

  it('counts code points, not UTF-16 units, for astral characters', () => {
    expect(previewParts(hit('😀 ', 'é', ' 😀', 2))).toEqual({ before: '😀 ', match: 'é', after: ' 😀' });
  });

  it('with a wider preview context, cuts the context before the match to shownBefore and marks the after end by that context', () => {
    // 100 code points each side, as the Search page asks the store for; 50 shown before the match.
    const before = 'alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu nu xi omicron pi rho sigma tau';
    const after = ' upsilon phi chi psi omega and then some more words to make one hundred code points of the text here';
    expect([Array.from(before).length, Array.from(after).length]).toEqual([97, 100]);
    expect(previewParts(hit(before, 'HIT', after, 97), 100, 50)).toEqual({
      before: '…kappa lambda mu nu xi omicron pi rho sigma tau',
      match: 'HIT',
      after: ' upsilon phi chi psi omega and then some more words to make one hundred code points of the text…',
    });
    // The same text at the entry's start, no longer than shownBefore: kept whole; an after-context shorter than
    // the context asked for is the entry's end.
    expect(previewParts(hit('tau ', 'HIT', ' end.', 4), 100, 50)).toEqual({ before: 'tau ', match: 'HIT', after: ' end.' });
    // An after-context of 30 is not cut when 100 were asked for.
    expect(previewParts(hit('', 'HIT', 'x'.repeat(30), 0), 100, 50).after).toBe('x'.repeat(30));
  });

  it('leaves a binary hit’s hex preview as it is', () => {
    expect(previewParts(hit('00 11 ', 'ff', ' 22', 300, 'binary'))).toEqual({ before: '00 11 ', match: 'ff', after: ' 22' });
  });
});
