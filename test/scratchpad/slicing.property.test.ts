import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import Database from 'better-sqlite3';
import { openScratchpadWithLayout } from '../../app/scratchpad/open';
import type { Scratchpad } from '../../app/scratchpad';
import { toWellFormed } from '../../app/common/codepoints';
import { operator, tempDir, user, piecesOf } from './helpers';

/*
 * head/tail/range of text rows against a plain reference slicer (Array.from over the stored string, i.e. the
 * observation with lone surrogates as U+FFFD), across chunk layouts small enough that every slice crosses
 * chunk boundaries, and one above the cp_index step (1,024 code points) so the index is used.
 */

const FRAGMENTS = ['a', 'Z', ' ', '\n', '😀', '👨‍👩‍👧', 'e\u0301', 'ñ', '日本語', '한', 'ß', '\uD800', '\uDC00', '\uDBFF\uDFFF', '€', '\u0000', '🇮🇹'];
const fragment = fc.oneof(fc.constantFrom(...FRAGMENTS), fc.string({ unit: 'binary', maxLength: 4 }));
const shortText = fc.array(fragment, { maxLength: 60 }).map((a) => a.join(''));
const longText = fc.tuple(fc.array(fragment, { minLength: 1, maxLength: 8 }), fc.integer({ min: 100, max: 900 })).map(([a, k]) => a.join('').repeat(k));
const anyText = fc.oneof({ arbitrary: shortText, weight: 3 }, { arbitrary: longText, weight: 1 });

const reference = (s: string) => Array.from(toWellFormed(s));
const alice = user('alice');
const LAYOUTS = [1, 3, 7, 2_048 + 5];

describe.each(LAYOUTS)('text slices with %i code points per chunk', (cpPerChunk) => {
  const tmp = tempDir();
  let sp: Scratchpad;
  beforeAll(async () => {
    sp = await openScratchpadWithLayout(tmp.file(), {}, { textChunkCodePoints: cpPerChunk, binaryChunkBytes: 5 });
  });
  afterAll(async () => {
    await sp.close();
    tmp.cleanup();
  });

  it('head, tail and range equal the reference slicer', async () => {
    await fc.assert(
      fc.asyncProperty(anyText, fc.nat(), fc.nat(), fc.nat(), async (text, x, y, n) => {
        const ref = reference(text);
        const id = (await sp.put(alice, { turnId: 't', stepNum: 0, executorName: null, observation: text })).scratchpad_id;
        const len = ref.length;
        const k = n % (len + 3);
        const [s, e] = [x % (len + 3), y % (len + 3)].sort((p, q) => p - q) as [number, number];
        const head = await sp.read(alice, id, { mode: 'head', n: k });
        const tail = await sp.read(alice, id, { mode: 'tail', n: k });
        const range = await sp.read(alice, id, { mode: 'range', start: s, end: e });
        expect(head.content).toBe(ref.slice(0, k).join(''));
        expect(tail.content).toBe(ref.slice(Math.max(0, len - k)).join(''));
        expect(range.content).toBe(ref.slice(s, e).join(''));
        expect(range.meta).toEqual({
          id,
          kind: 'text',
          unit: 'code_points',
          totalLength: len,
          start: Math.min(s, len),
          end: Math.min(e, len),
          returnedLength: Math.max(0, Math.min(e, len) - Math.min(s, len)),
          truncated: false,
        });
        expect((await sp.read(alice, id, { mode: 'full' })).content).toBe(ref.join(''));
        expect((await sp.get(alice, id)).content).toBe(ref.join(''));
        expect((await sp.describe(alice, id)).meta.lengthCodePoints).toBe(len);
      }),
      { numRuns: cpPerChunk > 1000 ? 40 : 120 },
    );
  });

  it('binary head, tail and range equal Buffer slices', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 64 }), fc.nat(), fc.nat(), fc.nat(), async (bytes, x, y, n) => {
        const id = (await sp.put(alice, { turnId: 'b', stepNum: 0, executorName: null, observation: { content: bytes } })).scratchpad_id;
        const len = bytes.length;
        const k = n % (len + 3);
        const [s, e] = [x % (len + 3), y % (len + 3)].sort((p, q) => p - q) as [number, number];
        const b64 = (u: Uint8Array) => Buffer.from(u).toString('base64');
        expect((await sp.read(alice, id, { mode: 'head', n: k })).content).toBe(b64(bytes.subarray(0, k)));
        expect((await sp.read(alice, id, { mode: 'tail', n: k })).content).toBe(b64(bytes.subarray(Math.max(0, len - k))));
        expect((await sp.read(alice, id, { mode: 'range', start: s, end: e })).content).toBe(b64(bytes.subarray(s, e)));
        expect(Buffer.from((await piecesOf(await sp.iterateContent(alice, id, 3))).flatMap((c) => [...c])).equals(Buffer.from(bytes))).toBe(true);
      }),
      { numRuns: 100 },
    );
  });
});

describe('invalid UTF-8 in stored text', () => {
  it('reads invalid bytes as U+FFFD, like TextDecoder', async () => {
    const tmp = tempDir();
    const file = tmp.file();
    try {
      await fc.assert(
        fc.asyncProperty(fc.uint8Array({ minLength: 1, maxLength: 40 }), async (bytes) => {
          const sp = await openScratchpadWithLayout(file, {}, { textChunkCodePoints: 64, binaryChunkBytes: 64 });
          const id = (await sp.put(alice, { turnId: 't', stepNum: 0, executorName: null, observation: 'x'.repeat(bytes.length) })).scratchpad_id;
          await sp.close();
          const db = new Database(file);
          const { pk } = db.prepare('SELECT pk FROM observations WHERE id = ?').get(id) as { pk: number };
          // A text of one chunk is stored in its row (schema 10).
          expect(db.prepare('UPDATE observations SET data = ? WHERE pk = ? AND data IS NOT NULL').run(Buffer.from(bytes), pk).changes).toBe(1);
          db.close();
          const again = await openScratchpadWithLayout(file, {}, { textChunkCodePoints: 64, binaryChunkBytes: 64 });
          try {
            expect((await again.read(operator, id, { mode: 'full' })).content).toBe(new TextDecoder().decode(bytes));
          } finally {
            await again.close();
          }
        }),
        { numRuns: 40 },
      );
    } finally {
      tmp.cleanup();
    }
  });
});
