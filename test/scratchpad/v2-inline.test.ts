import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import type { Scratchpad } from '../../app/scratchpad';
import { openScratchpadWithLayout } from '../../app/scratchpad/open';
import { DEFAULT_CHUNK_LAYOUT } from '../../app/scratchpad/core/chunk-layout';
import { fakeClock, piecesOf, tempDir, user } from './helpers';

let tmp: ReturnType<typeof tempDir>;
beforeEach(() => {
  tmp = tempDir();
});
afterEach(() => tmp.cleanup());

const alice = user('alice');

/** Non-ASCII text over three cp_index steps (1,024 code points each), with lines, emoji, ZWJ and combining marks. */
const MIXED = Array.from({ length: 420 }, (_, i) => `l${i} città 😀 👩‍💻 é\u0301 数据`).join('\n');
const OBSERVATIONS: readonly { name: string; observation: unknown }[] = [
  { name: 'mixed text', observation: { content: MIXED } },
  { name: 'ascii text', observation: 'abc\ndef\n'.repeat(300) },
  { name: 'empty text', observation: '' },
  // Summary edges: 4-byte code points fill the 2,000 bytes read from each end exactly; 1,080 is still whole.
  { name: 'emoji over the whole limit', observation: `${'😀'.repeat(1_080)}x` },
  { name: 'text at the whole limit', observation: 'é👩‍💻'.repeat(270) },
  // Lone surrogates (stored as U+FFFD) at both summary edges and inside a short text.
  { name: 'lone surrogates at the edges', observation: `${'a'.repeat(499)}\ud800${'b'.repeat(2_000)}\udc00${'c'.repeat(499)}` },
  { name: 'short text with lone surrogates', observation: 'x\udfffy\ud83d' },
  { name: 'structured', observation: { entries: [{ path: 'a' }, { path: 'b' }], ok_count: 2 } },
  { name: 'binary', observation: { content: Uint8Array.from({ length: 3_000 }, (_, i) => (i * 7) % 256) } },
];

/** Everything a reader can ask of an entry, in every mode. */
async function everything(sp: Scratchpad, id: string): Promise<unknown> {
  const d = await sp.describe(alice, id);
  const text = d.meta.kind === 'text';
  const total = text ? (d.meta.lengthCodePoints ?? 0) : d.meta.sizeBytes;
  const modes = [
    { mode: 'full' },
    { mode: 'head', n: 1_500 },
    { mode: 'tail', n: 1_100 },
    { mode: 'range', start: Math.floor(total / 3), end: Math.floor(total / 3) + 2_100 },
    { mode: 'range', start: 1_023, end: 2_049, withLines: true },
  ] as const;
  const reads = [];
  for (const m of modes) reads.push(await sp.read(alice, id, m));
  if (text && total > 0) reads.push(await sp.read(alice, id, { mode: 'lines', start: 3, end: 250 }));
  // Ids differ between two files; everything else must not.
  const withoutIds = reads.map((r) => ({ ...r, meta: { ...r.meta, id: null } }));
  const search = text && total > 0 ? (await sp.search(alice, { id, pattern: 'città' })).hits.map((h) => [h.offset, h.line]) : null;
  const bytes = Buffer.concat(await piecesOf(sp.iterateContent(alice, id, 1_000)));
  const { meta, ...facts } = d;
  return {
    meta: { ...meta, id: null },
    facts: { ...facts, handle: { ...facts.handle, scratchpad_id: null, ref_hint: null } },
    reads: withoutIds,
    search,
    bytes,
  };
}

describe('v2 content of one chunk, stored in its observations row', () => {
  it('reads back in every mode exactly as the same content stored in chunks, and writes no chunk row', async () => {
    const clock = fakeClock();
    const inlineFile = tmp.file('inline.db');
    const chunkedFile = tmp.file('chunked.db');
    const inline = await openScratchpadWithLayout(inlineFile, { clock: clock.now }, DEFAULT_CHUNK_LAYOUT);
    const chunked = await openScratchpadWithLayout(chunkedFile, { clock: clock.now }, { textChunkCodePoints: 700, binaryChunkBytes: 1_000 });
    try {
      for (const [step, o] of OBSERVATIONS.entries()) {
        const put = { turnId: 't', stepNum: step, executorName: 'x', observation: o.observation };
        const a = await inline.put(alice, put);
        const b = await chunked.put(alice, put);
        expect({ ...a, scratchpad_id: null, ref_hint: null }, o.name).toEqual({ ...b, scratchpad_id: null, ref_hint: null });
        const [x, y] = [await everything(inline, a.scratchpad_id), await everything(chunked, b.scratchpad_id)];
        expect(x, o.name).toEqual(y);
      }
      const listed = async (sp: Scratchpad) => (await sp.listForTurn(alice, 't')).map((e) => [e.stepNum, e.summary, e.sizeBytes, e.lengthCodePoints]);
      expect(await listed(inline)).toEqual(await listed(chunked));
    } finally {
      await inline.close();
      await chunked.close();
    }
    const db = new Database(inlineFile, { readonly: true });
    expect(db.prepare('SELECT (SELECT count(*) FROM chunks) AS chunks, (SELECT count(*) FROM chunk_lines) AS lines').get()).toEqual({ chunks: 0, lines: 0 });
    // Every row is inline and stores its summary before its content, so listing never loads the content.
    expect(db.prepare('SELECT step_num, typeof(data) AS data, summary IS NOT NULL AS stored FROM observations ORDER BY step_num').all()).toEqual(
      OBSERVATIONS.map((_, step) => ({ step_num: step, data: 'blob', stored: 1 })),
    );
    db.close();
    const other = new Database(chunkedFile, { readonly: true });
    // Here only the empty text, the short structured one and the short text fit one chunk; the others are chunked.
    const fits = OBSERVATIONS.flatMap((o, step) =>
      o.name === 'empty text' || o.name === 'structured' || o.name === 'short text with lone surrogates' ? [step] : [],
    );
    expect(other.prepare("SELECT step_num FROM observations WHERE typeof(data) = 'blob' ORDER BY step_num").pluck().all()).toEqual(fits);
    expect(other.prepare('SELECT count(DISTINCT key / 1048576) AS n FROM chunks').get()).toEqual({ n: OBSERVATIONS.length - fits.length });
    other.close();
  });

  it('gc removes an inline row with its content; the turn totals follow', async () => {
    const clock = fakeClock();
    const file = tmp.file();
    const sp = await openScratchpadWithLayout(file, { clock: clock.now }, DEFAULT_CHUNK_LAYOUT);
    await sp.put(alice, { turnId: 't', stepNum: 1, executorName: 'x', observation: 'short-lived', ttlSeconds: 10 });
    const kept = await sp.put(alice, { turnId: 't', stepNum: 2, executorName: 'y', observation: 'kept', ttlSeconds: 100 });
    clock.advance(10);
    expect(await sp.gc(alice)).toMatchObject({ deletedRows: 1, deletedBytes: 11 });
    expect((await sp.listTurns(alice)).turns.map((t) => [t.turnId, t.entryCount, t.totalBytes, t.executors])).toEqual([['t', 1, 4, ['y']]]);
    expect((await sp.read(alice, kept.scratchpad_id, { mode: 'full' })).content).toBe('kept');
    await sp.close();
    const db = new Database(file, { readonly: true });
    // 'kept' is its own summary: the row stores no byte of it twice (schema 11).
    expect(db.prepare('SELECT count(*) AS n, sum(length(data)) AS bytes, min(summary) AS summary FROM observations').get()).toEqual({
      n: 1,
      bytes: 0,
      summary: 'kept',
    });
    db.close();
  });
});
