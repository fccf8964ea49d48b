import { applyPatch, diffLines } from 'diff';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ByteCursor } from '../../app/compare/byte-cursor';
import { diffLineStreams, type LineDiffBudget } from '../../app/compare/line-diff';
import { formatUnified } from '../../app/compare';

const enc = new TextEncoder();

function cursor(text: string, piece: number): ByteCursor {
  const bytes = enc.encode(text);
  return new ByteCursor({
    async *[Symbol.asyncIterator]() {
      for (let at = 0; at < bytes.length; at += piece) yield bytes.subarray(at, at + piece);
    },
  });
}

const budget = (over: Partial<LineDiffBudget> = {}): LineDiffBudget => ({
  context: 3,
  windowBytes: 1_048_576,
  maxRegionBytes: 4_194_304,
  maxChangedLines: 1_000_000,
  deadlineMs: Infinity,
  now: () => 0,
  ...over,
});

/** Lines from a small alphabet (repeats matter: they are where anchoring can go wrong), some without '\n' at the end. */
const textArb = fc
  .tuple(fc.array(fc.constantFrom('a', 'b', 'c', '', 'long line ä €', '}', 'x y z'), { maxLength: 60 }), fc.boolean())
  .map(([lines, trailing]) => lines.join('\n') + (trailing && lines.length > 0 ? '\n' : ''));

/** A second text made from the first by random line edits. */
const editedArb = textArb.chain((a) =>
  fc.array(fc.tuple(fc.nat(80), fc.constantFrom('delete', 'insert', 'replace'), fc.constantFrom('b', 'new', 'a', '')), { maxLength: 8 }).map((edits) => {
    const lines = a.split('\n');
    for (const [at, op, line] of edits) {
      const i = at % (lines.length + 1);
      if (op === 'delete') lines.splice(i, 1);
      else if (op === 'insert') lines.splice(i, 0, line);
      else lines.splice(i, 1, line);
    }
    return [a, lines.join('\n')] as const;
  }),
);

const changedLines = (a: string, b: string) => diffLines(a, b).reduce((n, p) => n + (p.added || p.removed ? p.count : 0), 0);

describe('diffLineStreams', () => {
  it('gives hunks that turn the old text into the new one (random edits, pieces, windows, context)', async () => {
    await fc.assert(
      fc.asyncProperty(
        editedArb,
        fc.integer({ min: 1, max: 17 }),
        fc.integer({ min: 1, max: 40 }),
        fc.integer({ min: 0, max: 4 }),
        async ([a, b], piece, windowBytes, context) => {
          const out = await diffLineStreams(cursor(a, piece), cursor(b, piece + 2), budget({ windowBytes, context }));
          expect(out.truncatedReason).toBeNull();
          const patch = formatUnified(out.diff, 'old', 'new');
          expect(patch === '' ? a : applyPatch(a, patch)).toBe(b);
          // Never fewer changed lines than jsdiff's minimal diff over the whole texts; none when equal.
          const mine = out.diff.stats.changed * 2 + out.diff.stats.inserted + out.diff.stats.deleted;
          expect(mine).toBeGreaterThanOrEqual(changedLines(a, b));
          if (a === b) expect(out.diff.hunks).toEqual([]);
          expect(out.diff.oldLineCount).toBe(a === '' ? 0 : a.split('\n').length - (a.endsWith('\n') ? 1 : 0));
        },
      ),
      { numRuns: 400 },
    );
  });

  it('gives the same hunks whatever the piece and window sizes (window edges add no change)', async () => {
    await fc.assert(
      fc.asyncProperty(
        editedArb,
        fc.integer({ min: 1, max: 17 }),
        fc.integer({ min: 1, max: 40 }),
        fc.integer({ min: 0, max: 4 }),
        async ([a, b], piece, windowBytes, context) => {
          const whole = await diffLineStreams(cursor(a, 1_048_576), cursor(b, 1_048_576), budget({ context }));
          const small = await diffLineStreams(cursor(a, piece), cursor(b, piece + 2), budget({ windowBytes, context }));
          expect(small.diff).toEqual(whole.diff);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('gives no hunks for equal texts whose first line is longer than the window (fast-check counterexample)', async () => {
    const a = 'long line ä €\na\nlong line ä €\na\nlong line ä €\nb\nc\na';
    const out = await diffLineStreams(cursor(a, 1), cursor(a, 3), budget({ windowBytes: 1, context: 0 }));
    expect(out.diff.hunks).toEqual([]);
    expect(out.diff.stats).toEqual({ changed: 0, inserted: 0, deleted: 0, hunks: 0 });
    expect([out.diff.oldLineCount, out.diff.newLineCount]).toEqual([8, 8]);
  });

  it('gives no hunks for equal texts at every piece and window size from 1 to 40', async () => {
    const texts = ['long line ä €\na\nlong line ä €\na\nlong line ä €\nb\nc\na', 'x y z\n\n\nlong line ä €\n}\n', 'one line without a break ä €'];
    for (const a of texts) {
      for (let piece = 1; piece <= 40; piece++) {
        for (let windowBytes = 1; windowBytes <= 40; windowBytes++) {
          const out = await diffLineStreams(cursor(a, piece), cursor(a, 41 - piece), budget({ windowBytes, context: windowBytes % 4 }));
          expect(out.diff.hunks, `piece ${piece}, window ${windowBytes}`).toEqual([]);
          expect(out.diff.oldLineCount).toBe(a.split('\n').length - (a.endsWith('\n') ? 1 : 0));
        }
      }
    }
  });

  it('keeps an equal line longer than the window out of the change that follows it', async () => {
    const long = 'ä'.repeat(300);
    const a = `${long}\nx\n${long}\n`;
    const b = `${long}\ny\n${long}\n`;
    const out = await diffLineStreams(cursor(a, 7), cursor(b, 5), budget({ windowBytes: 16, context: 0 }));
    expect(out.diff.hunks).toEqual([{ oldStart: 2, newStart: 2, oldLines: 1, newLines: 1, lines: ['-x', '+y'] }]);
    expect([out.diff.oldLineCount, out.diff.newLineCount]).toEqual([3, 3]);
  });

  it('stops when an equal line outgrows maxRegionBytes', async () => {
    const a = 'same\n' + 'z'.repeat(5000) + '\na\n';
    const b = 'same\n' + 'z'.repeat(5000) + '\nb\n';
    const out = await diffLineStreams(cursor(a, 512), cursor(b, 512), budget({ windowBytes: 64, maxRegionBytes: 1000 }));
    expect(out.truncatedReason).toBe('a line is longer than 1000 bytes');
    expect(out.diff.hunks).toEqual([]);
    expect(out.diff.oldLineCount).toBeNull();
  });

  it('matches jsdiff exactly for one edit in a text of distinct lines', async () => {
    const lines = Array.from({ length: 200 }, (_, i) => `line ${i}\n`);
    const a = lines.join('');
    const b = lines.map((l, i) => (i === 120 ? 'changed\n' : l)).join('');
    const out = await diffLineStreams(cursor(a, 64), cursor(b, 64), budget({ windowBytes: 100 }));
    expect(out.diff.hunks).toEqual([
      {
        oldStart: 118,
        newStart: 118,
        oldLines: 7,
        newLines: 7,
        lines: [' line 117', ' line 118', ' line 119', '-line 120', '+changed', ' line 121', ' line 122', ' line 123'],
      },
    ]);
    expect(out.diff.stats).toEqual({ changed: 1, inserted: 0, deleted: 0, hunks: 1 });
    expect([out.diff.oldLineCount, out.diff.newLineCount]).toEqual([200, 200]);
  });

  it('stops with the hunks found so far past maxChangedLines', async () => {
    const a = Array.from({ length: 1000 }, (_, i) => `a ${i}\n`).join('');
    const b = Array.from({ length: 1000 }, (_, i) => (i % 10 === 5 ? `b ${i}\n` : `a ${i}\n`)).join('');
    const out = await diffLineStreams(cursor(a, 4096), cursor(b, 4096), budget({ maxChangedLines: 20 }));
    expect(out.truncatedReason).toBe('more than 20 changed lines');
    expect(out.diff.stats.changed).toBe(11); // 22 changed lines: the 11th pair passes 20
    expect(out.diff.hunks[0]?.lines).toContain('+b 5');
    expect(out.diff.oldLineCount).toBeNull();
  });

  it('stops when a differing region outgrows maxRegionBytes', async () => {
    const a = 'x\n'.repeat(5000);
    const b = 'y\n'.repeat(5000);
    const out = await diffLineStreams(cursor(a, 512), cursor(b, 512), budget({ maxRegionBytes: 1000 }));
    expect(out.truncatedReason).toBe('a differing region is larger than 1000 bytes');
    expect(out.diff.hunks).toEqual([]);
  });

  it('stops at the time budget', async () => {
    let t = 0;
    const a = 'same\n'.repeat(10_000) + 'a\n';
    const b = 'same\n'.repeat(10_000) + 'b\n';
    const out = await diffLineStreams(cursor(a, 1000), cursor(b, 1000), budget({ windowBytes: 1000, deadlineMs: 3, now: () => t++ }));
    expect(out.truncatedReason).toBe('time budget reached');
    expect(out.diff.hunks).toEqual([]);
  });
});
