import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import Database from 'better-sqlite3';
import type { ByteSource, ScanTuning } from '../../app/scratchpad/metnos-v1/byte-source';
import { openV1Context } from '../../app/scratchpad/metnos-v1/context';
import { createV1Backend } from '../../app/scratchpad/metnos-v1/backend';
import { createScratchpad } from '../../app/scratchpad/core/scratchpad';
import type { V1Context } from '../../app/scratchpad/metnos-v1/context';

/** The store core over a v1 backend with explicit scan windows. */
const createV1Store = (ctx: V1Context, tuning?: ScanTuning) => createScratchpad(createV1Backend(ctx, tuning), ctx.options);
import { readTextSlice, scanText } from '../../app/scratchpad/metnos-v1/text-index';
import { segmentLength } from '../../app/scratchpad/metnos-v1/utf8-segments';
import { resolveOptions } from '../../app/scratchpad/options';
import { operator, tempDir } from './helpers';
import { insertV1Rows, makeV1File, referenceCodePoints } from './metnos-v1/v1-files';

/*
 * Property tests: code-point lengths and slices computed from windows must equal a full WHATWG decode
 * (TextDecoder, U+FFFD per maximal invalid subpart, BOM kept) of random text with emoji, CJK, NUL and invalid
 * bytes, for any window and checkpoint size, so sequences cut at every window edge are covered.
 */

const enc = (s: string) => Array.from(Buffer.from(s, 'utf8'));
const piece = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 6 }).map(enc),
  fc.constantFrom('😀', '👩‍💻', '中文字', 'é', 'ß', '\u0000', '\u{FEFF}', '\u{10FFFF}', 'a', '\n').map(enc),
  fc.uint8Array({ maxLength: 5 }).map((a) => Array.from(a)),
  fc.constantFrom(
    [0x80],
    [0xbf, 0xbf],
    [0xc0, 0x80],
    [0xc3],
    [0xe2, 0x82],
    [0xed, 0xa0, 0x80],
    [0xf0, 0x9f, 0x98],
    [0xf4, 0x90],
    [0xf5],
    [0xff, 0xfe],
    [0xe0, 0x9f, 0x80],
  ),
);
const bytesArb = fc.array(piece, { maxLength: 40 }).map((ps) => new Uint8Array(ps.flat()));
const tuningArb = fc.record({ scan: fc.integer({ min: 1, max: 40 }), checkpoint: fc.integer({ min: 1, max: 30 }), walk: fc.integer({ min: 4, max: 12 }) });

function memorySource(bytes: Uint8Array): ByteSource & { reads: number[] } {
  const reads: number[] = [];
  return {
    byteLength: bytes.length,
    reads,
    read(offset, length) {
      const end = Math.min(bytes.length, offset + Math.max(0, length));
      reads.push(Math.max(0, end - offset));
      return bytes.subarray(offset, end);
    },
  };
}

function tuningOf(t: { scan: number; checkpoint: number; walk: number }): ScanTuning {
  return { scanWindowBytes: () => t.scan, checkpointBytes: t.checkpoint, walkWindowBytes: t.walk };
}

const decoder = new TextDecoder('utf-8', { ignoreBOM: true });

describe('segmentLength', () => {
  it('splits invalid input into the maximal subparts TextDecoder replaces', () => {
    const lengths = (bytes: number[]) => {
      const b = new Uint8Array(bytes);
      const out: number[] = [];
      for (let i = 0; i < b.length; i += out.at(-1)!) out.push(segmentLength(b, i, b.length, true));
      return out;
    };
    expect(lengths([0xe2, 0x82, 0x41])).toEqual([2, 1]);
    expect(lengths([0xed, 0xa0, 0x80])).toEqual([1, 1, 1]);
    expect(lengths([0xf0, 0x9f, 0x98, 0x80, 0x80])).toEqual([4, 1]);
    expect(lengths([0xc0, 0x80])).toEqual([1, 1]);
    expect(lengths([0xf0, 0x9f])).toEqual([2]);
  });
});

describe('scanText and readTextSlice', () => {
  it('count and slice exactly as a full decode, for any window and checkpoint size', () => {
    fc.assert(
      fc.property(bytesArb, tuningArb, fc.integer({ min: 0, max: 200 }), fc.integer({ min: 0, max: 200 }), fc.nat(12), (bytes, t, a, b, first) => {
        const ref = referenceCodePoints(bytes);
        const tuning = tuningOf(t);
        const seen: number[] = [];
        // Sometimes the first bytes come already read (as with SQLite's count), with any length.
        const firstWindow = first > 0 ? bytes.subarray(0, first + 3) : undefined;
        const index = scanText(memorySource(bytes), tuning, (chunk) => seen.push(...chunk), firstWindow);
        expect(index.codePoints).toBe(ref.length);
        expect(seen).toEqual(Array.from(bytes));
        const start = Math.min(a, b, ref.length);
        const end = Math.min(Math.max(a, b), ref.length);
        const source = memorySource(bytes);
        const slice = readTextSlice(source, index, start, end, tuning);
        expect(decoder.decode(slice)).toBe(ref.slice(start, end).join(''));
        // One window: at most the checkpoint spacing (+3 to the next boundary) plus 4 bytes per code point.
        expect(source.reads).toHaveLength(1);
        expect(source.reads[0]!).toBeLessThanOrEqual(index.byteAligned ? end - start : t.checkpoint + 3 + 4 * (end - start));
      }),
      { numRuns: 2000 },
    );
  });
});

describe("SQLite's character count as the fast path", () => {
  it('equals the byte length only when every byte decodes to one code point', () => {
    const db = new Database(':memory:');
    const count = db.prepare('SELECT length(CAST(? AS TEXT)) AS n');
    // Bytes that can make SQLite and the WHATWG decoder disagree: leads, continuations, NUL, ASCII.
    const byte = fc.oneof(fc.integer({ min: 0x80, max: 0xff }), fc.constantFrom(0x00, 0x41, 0x0a), fc.integer({ min: 0, max: 0xff }));
    try {
      fc.assert(
        fc.property(fc.array(byte, { maxLength: 24 }), (arr) => {
          const bytes = Buffer.from(arr);
          const sqliteChars = (count.get(bytes) as { n: number }).n;
          if (sqliteChars === bytes.length) expect(referenceCodePoints(bytes)).toHaveLength(bytes.length);
        }),
        { numRuns: 5000 },
      );
    } finally {
      db.close();
    }
  });
});

describe('read through SQLite with small windows', () => {
  let tmp: ReturnType<typeof tempDir>;
  let file: string;
  let writer: Database.Database;
  beforeAll(() => {
    tmp = tempDir('metnos-v1-prop-');
    file = makeV1File(tmp.file(), []);
    writer = new Database(file);
    writer.pragma('synchronous = OFF'); // the test's own writer: speed over durability
  });
  afterAll(() => {
    writer.close();
    tmp.cleanup();
  });

  it('head, tail, range and sha256 match a full decode for BLOB and TEXT storage', async () => {
    let n = 0;
    await fc.assert(
      fc.asyncProperty(bytesArb, tuningArb, fc.nat(120), fc.nat(120), async (bytes, t, a, b) => {
        const ids = [`blob${n}`, `text${n}`];
        n++;
        insertV1Rows(writer, [
          { id: ids[0]!, turnId: 't', content: bytes },
          { id: ids[1]!, turnId: 't', content: bytes, storeAsText: true },
        ]);
        const sp = createV1Store(openV1Context(file, resolveOptions({})), tuningOf(t));
        try {
          const ref = referenceCodePoints(bytes);
          for (const id of ids) {
            expect((await sp.read(operator, id, { mode: 'head', n: a })).content).toBe(ref.slice(0, a).join(''));
            expect((await sp.read(operator, id, { mode: 'tail', n: b })).content).toBe(ref.slice(Math.max(0, ref.length - b)).join(''));
            const r = await sp.read(operator, id, { mode: 'range', start: Math.min(a, b), end: Math.max(a, b) });
            expect(r.content).toBe(ref.slice(Math.min(a, b), Math.max(a, b)).join(''));
            expect(r.meta.totalLength).toBe(ref.length);
            expect((await sp.describe(operator, id)).sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
          }
        } finally {
          await sp.close();
        }
      }),
      { numRuns: 300 },
    );
  });
});
