import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openScratchpad, type Scratchpad } from '../../app/scratchpad';
import type { ReadOptions } from '../../app/contract';
import { operator, tempDir, piecesOf } from './helpers';
import { makeV1File, referenceCodePoints, type V1RowInput } from './metnos-v1/v1-files';

/*
 * Other writers may store `content` as TEXT instead of BLOB, and text may hold NUL characters and invalid
 * UTF-8: lengths, slices and hashes must not depend on the storage type and must match a full WHATWG decode.
 * Values of ~2.5 MB so that slices go through the checkpoints (every 1 MiB) and the windowed scans.
 */

function repeatTo(unit: Uint8Array, bytes: number): Uint8Array {
  const out = new Uint8Array(bytes);
  for (let at = 0; at < bytes; at += unit.length) out.set(unit.subarray(0, Math.min(unit.length, bytes - at)), at);
  return out;
}

const enc = (s: string) => new Uint8Array(Buffer.from(s, 'utf8'));
const MB = 2_500_000;
const mixedUnit = new Uint8Array([
  ...enc('héllo\u0000wörld ✓ 😀 中文 '),
  0xff,
  0x41,
  0xc3,
  0x20,
  0xe2,
  0x82,
  0x41,
  0xed,
  0xa0,
  0x80,
  0xf0,
  0x9f,
  0x41,
  0xe0,
  0x80,
  0xc0,
  0x80,
  0xf4,
  0x90,
  0x80,
  0x80,
  0x80,
  0xf8,
  0x88,
  0x80,
  0x80,
  0x80,
  ...enc('\u{10FFFF}\u{FEFF}x'),
]);

const VALUES: Record<string, Uint8Array> = {
  // Odd length so the repetition cuts a multi-byte sequence at the very end.
  mixed: repeatTo(mixedUnit, MB + 1),
  asciiWithNul: repeatTo(enc('abc\u0000def\n'), MB),
  ascii: repeatTo(enc('log line 42\n'), MB),
  bomFirst: enc('\u{FEFF}\u0000x 😀'),
  loneContinuations: new Uint8Array([0x80, 0x80, 0x80, 0x80, 0x80, 0x41, 0xbf]),
  empty: new Uint8Array(0),
};

const rows: V1RowInput[] = Object.entries(VALUES).flatMap(([name, content], i) => [
  { id: `b${String(i).padStart(15, '0')}`, turnId: `turn-${name}`, stepNum: 1, executorName: name, content, summary: name },
  { id: `t${String(i).padStart(15, '0')}`, turnId: `turn-${name}`, stepNum: 2, executorName: name, content, summary: name, storeAsText: true },
]);

let tmp: ReturnType<typeof tempDir>;
let file: string;
beforeAll(() => {
  tmp = tempDir('metnos-v1-storage-');
  file = makeV1File(tmp.file('mixed.db'), rows);
});
afterAll(() => tmp.cleanup());

function requests(total: number): ReadOptions[] {
  const mid = Math.floor(total / 2);
  return [
    { mode: 'head' },
    { mode: 'head', n: 1 },
    { mode: 'tail' },
    { mode: 'tail', n: 3 },
    { mode: 'range', start: Math.max(0, mid - 1000), end: mid + 1000 },
    { mode: 'range', start: 1_048_570, end: 1_048_600 },
    { mode: 'range', start: 2_097_100, end: 2_097_200 },
    { mode: 'range', start: Math.max(0, total - 5), end: total + 10 },
    { mode: 'full' },
  ];
}

function expectedSlice(cps: string[], r: ReadOptions): string {
  const total = cps.length;
  switch (r.mode) {
    case 'head':
      return cps.slice(0, r.n ?? 2000).join('');
    case 'tail':
      return cps.slice(Math.max(0, total - (r.n ?? 2000))).join('');
    case 'range':
      return cps.slice(Math.min(r.start ?? 0, total), Math.min(r.end ?? total, total)).join('');
    case 'full':
      return cps.join('');
    case 'lines':
      throw new Error('lines reads are covered by the conformance suite');
  }
}

describe.each(Object.keys(VALUES))('a %s value', (name) => {
  const bytes = VALUES[name]!;
  const cps = referenceCodePoints(bytes);
  const sha = createHash('sha256').update(bytes).digest('hex');
  const i = Object.keys(VALUES).indexOf(name);
  const ids = [`b${String(i).padStart(15, '0')}`, `t${String(i).padStart(15, '0')}`];

  // Two stores: one slices before describing (index from SQLite's count or a slice scan), one after.
  it.each([['reads first'], ['describes first']])('gives the same lengths, slices and sha256 as BLOB and TEXT (%s)', async (order) => {
    const sp: Scratchpad = await openScratchpad(file, { maxReadLength: 4_000_000 });
    try {
      for (const id of ids) {
        if (order === 'describes first') expect((await sp.describe(operator, id)).sha256).toBe(sha);
        for (const r of requests(cps.length)) {
          const got = await sp.read(operator, id, r);
          expect(got.meta.totalLength, `${id} ${JSON.stringify(r)}`).toBe(cps.length);
          expect(got.content === expectedSlice(cps, r), `${id} ${JSON.stringify(r)}`).toBe(true);
        }
        const d = await sp.describe(operator, id);
        expect(d.sha256).toBe(sha);
        expect(d.meta.lengthCodePoints).toBe(cps.length);
        expect(d.meta.sizeBytes).toBe(bytes.length);
        expect((await sp.get(operator, id)).content === cps.join('')).toBe(true);
        expect(Buffer.concat(await piecesOf(await sp.iterateContent(operator, id, 65_536))).equals(Buffer.from(bytes))).toBe(true);
      }
    } finally {
      await sp.close();
    }
  });
});

describe('stats and listings over TEXT and BLOB values', () => {
  it('count the same bytes for both storage types', async () => {
    const sp = await openScratchpad(file);
    try {
      const total = Object.values(VALUES).reduce((n, v) => n + v.length, 0);
      expect(await sp.stats(operator)).toMatchObject({ rows: rows.length, bytes: 2 * total });
      for (const [name, v] of Object.entries(VALUES)) {
        expect((await sp.listForTurn(operator, `turn-${name}`)).map((m) => m.sizeBytes)).toEqual([v.length, v.length]);
      }
    } finally {
      await sp.close();
    }
  });
});
