import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import Database from 'better-sqlite3';
import { openScratchpad, type Scratchpad } from '../../app/scratchpad';
import { encodeText } from '../../app/scratchpad/core/encode';
import { resolveOptions } from '../../app/scratchpad/options';
import { summarizeText } from '../../app/scratchpad/summary';
import { createV2File } from '../../app/scratchpad/v2/connection';
import { LATEST_VERSION } from '../../app/scratchpad/v2/schema';
import { piecesOf, tempDir, user } from './helpers';

let tmp: ReturnType<typeof tempDir>;
beforeEach(() => {
  tmp = tempDir();
});
afterEach(() => tmp.cleanup());

const alice = user('alice');
/** Over the summary limit, non-ASCII (cp_index marks), with lines: its summary cuts it. */
const LONG = Array.from({ length: 300 }, (_, i) => `l${i} città 😀 👩‍💻 é\u0301 数据`).join('\n');
/** Under the limit: its own summary. */
const SHORT = 'short\nnaïve 😀';

/** Full text, head, tail, a middle range, lines, a search and the streamed bytes of an entry. */
async function readings(sp: Scratchpad, id: string, text: string): Promise<unknown> {
  const full = await sp.read(alice, id, { mode: 'full' });
  const length = [...text].length;
  return [
    full.content,
    (await sp.read(alice, id, { mode: 'head', n: 700 })).content,
    (await sp.read(alice, id, { mode: 'tail', n: 600 })).content,
    (await sp.read(alice, id, { mode: 'range', start: Math.floor(length / 2) - 5, end: Math.floor(length / 2) + 5 })).content,
    (await sp.read(alice, id, { mode: 'lines', start: 1, end: 3 })).lines,
    (await sp.search(alice, { id, pattern: 'città', limit: 1_000 })).hits.length,
    Buffer.concat(await piecesOf(sp.iterateContent(alice, id, 333))).toString('utf8'),
    (await sp.describe(alice, id)).sha256,
  ];
}

const expected = (text: string) => {
  const codePoints = [...text];
  const length = codePoints.length;
  const mid = Math.floor(length / 2);
  return [
    text,
    codePoints.slice(0, 700).join(''),
    codePoints.slice(-600).join(''),
    codePoints.slice(mid - 5, mid + 5).join(''),
    text.split('\n').slice(1, 3),
    text.split('città').length - 1,
    text,
    createHash('sha256').update(text).digest('hex'),
  ];
};

describe('migration 11 (plain text content not repeated by its summary)', () => {
  it('upgrades a version-10 file: its inline rows read back identical; new plain texts store only what their summary lacks', async () => {
    const file = tmp.file();
    createV2File(file, resolveOptions({}), 10);
    const seed = new Database(file);
    const insert = seed.prepare(
      `INSERT INTO observations (pk, id, id_key, owner, turn_id, step_num, executor_name, kind, structured, size_bytes, length_units,
        chunk_units, created_at, expires_at, actor, channel, detected_type, sha256, handle, newlines, summary, cp_index, data)
       VALUES (?, ?, ?, 'alice', 't1', ?, 'x', 'text', 0, ?, ?, 32768, 10, 4000000000, NULL, NULL, NULL, ?, '{"metadata":{}}', ?, ?, ?, ?)`,
    );
    // Written as schema 10 writes them: the summary and, after it, all the bytes.
    const ids = ['1'.repeat(32), '2'.repeat(32)];
    [LONG, SHORT].forEach((text, i) => {
      const enc = encodeText(text, 32_768);
      insert.run(
        i + 1,
        ids[i],
        parseInt(ids[i]!.slice(0, 13), 16),
        i + 1,
        enc.bytes.length,
        enc.lengthUnits,
        enc.sha256,
        enc.newlines![0],
        summarizeText(text),
        enc.cpIndexes![0],
        enc.bytes,
      );
    });
    seed.close();

    const sp = await openScratchpad(file, { clock: () => 100 });
    try {
      expect(await readings(sp, ids[0]!, LONG)).toEqual(expected(LONG));
      expect(await readings(sp, ids[1]!, SHORT)).toEqual(expected(SHORT));
      const again = [
        await sp.put(alice, { turnId: 't1', stepNum: 3, executorName: 'x', observation: LONG }),
        await sp.put(alice, { turnId: 't1', stepNum: 4, executorName: 'x', observation: SHORT }),
      ];
      expect(again.map((h) => h.summary)).toEqual([summarizeText(LONG), SHORT]);
      expect(await readings(sp, again[0]!.scratchpad_id, LONG)).toEqual(expected(LONG));
      expect(await readings(sp, again[1]!.scratchpad_id, SHORT)).toEqual(expected(SHORT));
      expect((await sp.listForTurn(alice, 't1')).map((e) => [e.stepNum, e.summary, e.sizeBytes, e.lengthCodePoints])).toEqual(
        [LONG, SHORT, LONG, SHORT].map((t, i) => [i + 1, summarizeText(t), Buffer.byteLength(t), [...t].length]),
      );
    } finally {
      await sp.close();
    }
    const db = new Database(file, { readonly: true });
    expect(db.pragma('user_version', { simple: true })).toBe(LATEST_VERSION);
    expect(LATEST_VERSION).toBe(11);
    // The old rows keep all their bytes; the new long text stores its middle only (its first and last 500 code
    // points are in its summary), the new short one nothing (its summary is all of it).
    const edges = Buffer.byteLength([...LONG].slice(0, 500).join('')) + Buffer.byteLength([...LONG].slice(-500).join(''));
    expect(db.prepare('SELECT pk, size_bytes AS size, length(data) AS stored FROM observations ORDER BY pk').all()).toEqual([
      { pk: 1, size: Buffer.byteLength(LONG), stored: Buffer.byteLength(LONG) },
      { pk: 2, size: Buffer.byteLength(SHORT), stored: Buffer.byteLength(SHORT) },
      { pk: 3, size: Buffer.byteLength(LONG), stored: Buffer.byteLength(LONG) - edges },
      { pk: 4, size: Buffer.byteLength(SHORT), stored: 0 },
    ]);
    db.close();
  });

  it('refuses as damaged a row whose stored bytes do not add up to its size with its summary', async () => {
    const file = tmp.file();
    const sp = await openScratchpad(file);
    const h = await sp.put(alice, { turnId: 't', stepNum: 1, executorName: 'x', observation: LONG });
    await sp.close();
    const db = new Database(file);
    db.prepare('UPDATE observations SET data = substr(data, 2)').run();
    db.close();
    const again = await openScratchpad(file);
    try {
      await expect(again.read(alice, h.scratchpad_id, { mode: 'full' })).rejects.toMatchObject({ code: 'CORRUPT' });
    } finally {
      await again.close();
    }
  });
});
