import { describe, expect, it } from 'vitest';
import { compareSources, sideBySide } from '../../app/compare';
import { memorySource } from './sources';

const bytes = (n: number, f: (i: number) => number) => Uint8Array.from({ length: n }, (_, i) => f(i));

describe('compareSources', () => {
  it('says identical for the same entry twice, without reading content', async () => {
    const src = memorySource('abc\n', { id: 'same' });
    const reads = { n: 0 };
    const counted = { describe: src.describe, chunks: () => (reads.n++, src.chunks()) };
    const r = await compareSources(counted, counted);
    expect([r.mode, r.identical, r.sameEntry, r.summary, reads.n]).toEqual(['identical', true, true, 'identical (the same entry)', 0]);
    expect(r.notes).toEqual(['the same entry on both sides']);
  });

  it('says identical for two entries with the same bytes', async () => {
    const r = await compareSources(memorySource('x\ny\n'), memorySource('x\ny\n'));
    expect([r.mode, r.identical, r.sameEntry, r.text]).toEqual(['identical', true, false, null]);
  });

  it('compares a text with a binary by sizes and sha256 only, and says so', async () => {
    const r = await compareSources(memorySource('hello\n'), memorySource(bytes(10, (i) => i)));
    expect([r.mode, r.identical, r.text, r.binary]).toEqual(['kind-mismatch', false, null, null]);
    expect(r.summary).toBe('text vs binary: 6 vs 10 bytes, sha256 differ');
    expect(r.notes).toEqual(['text vs binary: only sizes and sha256 are compared (text left, binary right)']);
    expect(r.left.sha256).not.toBe(r.right.sha256);
  });

  it('marks expired entries and still compares them', async () => {
    const r = await compareSources(memorySource('a\n', { id: 'L', expiry: 'expired' }), memorySource('b\n', { id: 'R' }));
    expect(r.notes).toEqual(['left entry L has expired (kept until gc runs)']);
    expect(r.text?.hunks).toEqual([{ oldStart: 1, oldLines: 1, newStart: 1, newLines: 1, lines: ['-a', '+b'] }]);
    expect(r.summary).toBe('1 line changed');
  });

  it('finds the first differing byte of two binaries and shows hex around it', async () => {
    const a = bytes(3_000_000, (i) => i % 251);
    const b = a.slice();
    b[2_500_000] = 0xff;
    const r = await compareSources(memorySource(a, { pieceBytes: 65_536 }), memorySource(b, { pieceBytes: 100_000 }));
    expect(r.mode).toBe('binary');
    expect(r.binary?.firstDifferenceOffset).toBe(2_500_000);
    const start = Math.floor((2_500_000 - 32) / 16) * 16;
    const hex = (x: Uint8Array) => Buffer.from(x.subarray(start, start + 96)).toString('hex');
    expect(r.binary?.left).toEqual({ start, hex: hex(a) });
    expect(r.binary?.right).toEqual({ start, hex: hex(b) });
    expect(r.summary).toBe('binary: 3000000 vs 3000000 bytes, first difference at byte 2,500,000');
  });

  it('says where a binary that is a prefix of the other ends', async () => {
    const a = bytes(100, (i) => i);
    const r = await compareSources(memorySource(a), memorySource(bytes(120, (i) => (i % 100) + (i >= 100 ? 1 : 0))));
    expect(r.binary?.firstDifferenceOffset).toBe(100);
    expect(r.binary?.left).toEqual({ start: 64, hex: Buffer.from(a.subarray(64)).toString('hex') });
  });

  it('adds a structural diff when both entries are structured JSON', async () => {
    const a = JSON.stringify(
      {
        results: [
          { id: 'a', status: 'pass' },
          { id: 'b', status: 'pass' },
        ],
      },
      null,
      2,
    );
    const b = JSON.stringify(
      {
        results: [
          { id: 'a', status: 'pass' },
          { id: 'b', status: 'fail' },
        ],
      },
      null,
      2,
    );
    const r = await compareSources(memorySource(a, { structured: true }), memorySource(b, { structured: true }));
    expect(r.json?.changes).toEqual([{ path: 'results[id="b"].status', kind: 'changed', before: '"pass"', after: '"fail"' }]);
    expect(r.summary).toBe('1 value changed at these paths');
    expect(r.text?.stats).toEqual({ changed: 1, inserted: 0, deleted: 0, hunks: 1 });
  });

  it('returns the differences found so far with truncated past the changed-line budget', async () => {
    const a = Array.from({ length: 100_000 }, (_, i) => `row ${i} ok\n`).join('');
    const b = Array.from({ length: 100_000 }, (_, i) => `row ${i} ${i % 100 === 0 ? 'CHANGED' : 'ok'}\n`).join('');
    const r = await compareSources(memorySource(a), memorySource(b), { maxChangedLines: 50 });
    expect(r.truncated).toBe(true);
    expect(r.truncatedReason).toBe('more than 50 changed lines');
    expect(r.text?.stats.changed).toBe(26);
    expect(r.text?.hunks[0]?.lines.slice(0, 2)).toEqual(['-row 0 ok', '+row 0 CHANGED']);
    expect(r.summary).toBe('26 lines changed (truncated: more than 50 changed lines)');
  });

  it('returns with truncated when the time budget passes', async () => {
    let t = 0;
    const a = 'x\n'.repeat(3_000_000);
    const r = await compareSources(memorySource(a + 'a'), memorySource(a + 'b'), { now: () => (t += 1000), timeBudgetMs: 1500 });
    expect([r.truncated, r.truncatedReason]).toEqual([true, 'time budget reached']);
  });
});

describe('sideBySide', () => {
  it('pairs removed and added lines with word segments and keeps the surplus alone', () => {
    const rows = sideBySide([{ oldStart: 4, oldLines: 3, newStart: 4, newLines: 3, lines: [' ctx', '-status pass now', '-gone', '+status fail now'] }]);
    expect(rows[0]?.header).toBe('@@ -4,3 +4,3 @@');
    expect(rows[0]?.rows).toEqual([
      { kind: 'context', left: { lineNo: 4, text: 'ctx', segments: null }, right: { lineNo: 4, text: 'ctx', segments: null } },
      {
        kind: 'change',
        left: {
          lineNo: 5,
          text: 'status pass now',
          segments: [
            { text: 'status ', changed: false },
            { text: 'pass', changed: true },
            { text: ' now', changed: false },
          ],
        },
        right: {
          lineNo: 5,
          text: 'status fail now',
          segments: [
            { text: 'status ', changed: false },
            { text: 'fail', changed: true },
            { text: ' now', changed: false },
          ],
        },
      },
      { kind: 'removed', left: { lineNo: 6, text: 'gone', segments: null }, right: null },
    ]);
  });
});
