import type Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openV1Context, type V1Context } from '../../app/scratchpad/metnos-v1/context';
import { createV1Backend } from '../../app/scratchpad/metnos-v1/backend';
import { createScratchpad } from '../../app/scratchpad/core/scratchpad';
import type { ScanTuning } from '../../app/scratchpad/metnos-v1/byte-source';

/** The store core over a v1 backend with explicit scan windows. */
const createV1Store = (ctx: V1Context, tuning?: ScanTuning) => createScratchpad(createV1Backend(ctx, tuning), ctx.options);
import { resolveOptions } from '../../app/scratchpad/options';
import { operator, tempDir } from './helpers';
import { makeV1File, referenceCodePoints } from './metnos-v1/v1-files';

/*
 * A 2,000-code-point slice never copies the whole value into JavaScript: every blob a query returns is recorded
 * and its size bounded (the store's own connection, wrapped; SQLite itself is real).
 */

const MiB = 1_048_576;
const SIZE = 6_000_000;
const ascii = Buffer.alloc(SIZE, 'log line 42\n');
const accents = Buffer.alloc(SIZE, 'Über façade — ½ price! ✓ 😀 中文 ');

let tmp: ReturnType<typeof tempDir>;
let file: string;
beforeAll(() => {
  tmp = tempDir('metnos-v1-windows-');
  file = makeV1File(tmp.file(), [
    { id: 'ascii00000000000', turnId: 't', stepNum: 1, content: ascii },
    { id: 'utf8000000000000', turnId: 't', stepNum: 2, content: accents },
  ]);
});
afterAll(() => tmp.cleanup());

/** A store whose queries report the size of every blob they return to JavaScript. */
function recordingStore(): { store: ReturnType<typeof createV1Store>; blobs: number[] } {
  const ctx = openV1Context(file, resolveOptions({}));
  const blobs: number[] = [];
  const record = (row: unknown) => {
    for (const v of Object.values((row ?? {}) as Record<string, unknown>)) if (v instanceof Uint8Array) blobs.push(v.length);
    return row;
  };
  const stmt = (sql: string): Database.Statement => {
    const s = ctx.stmt(sql);
    return new Proxy(s, {
      get(target, prop) {
        if (prop === 'get') return (...args: unknown[]) => record((target.get as (...a: unknown[]) => unknown)(...args));
        if (prop === 'all') return (...args: unknown[]) => (target.all as (...a: unknown[]) => unknown[])(...args).map(record);
        return Reflect.get(target, prop) as unknown;
      },
    });
  };
  const wrapped: V1Context = { ...ctx, stmt };
  return { store: createV1Store(wrapped), blobs };
}

describe('slices of a large row', () => {
  it('read only a few KiB of an ASCII row, even on the first read (SQLite counts)', async () => {
    const { store, blobs } = recordingStore();
    try {
      const r = await store.read(operator, 'ascii00000000000', { mode: 'head', n: 2000 });
      expect(r.content).toBe(ascii.subarray(0, 2000).toString('latin1'));
      expect(r.meta.totalLength).toBe(SIZE);
      await store.read(operator, 'ascii00000000000', { mode: 'range', start: 4_000_000, end: 4_002_000 });
      await store.read(operator, 'ascii00000000000', { mode: 'tail', n: 2000 });
      // SQLite's count comes with the first 64 KiB (scanned on if the count showed multi-byte text).
      expect(blobs).toEqual([65_536, 2000, 2000, 2000]);
    } finally {
      await store.close();
    }
  });

  it('read one window near the nearest checkpoint of a multi-byte row once it is counted', async () => {
    const { store, blobs } = recordingStore();
    try {
      const cps = referenceCodePoints(accents);
      await store.describe(operator, 'utf8000000000000'); // the one whole-value scan: windows of a quarter of the value
      expect(Math.max(...blobs)).toBeLessThanOrEqual(Math.max(MiB, Math.ceil(SIZE / 4)));
      blobs.length = 0;
      const start = Math.floor(cps.length * 0.7);
      const r = await store.read(operator, 'utf8000000000000', { mode: 'range', start, end: start + 2000 });
      expect(r.content).toBe(cps.slice(start, start + 2000).join(''));
      expect((await store.read(operator, 'utf8000000000000', { mode: 'tail', n: 2000 })).content).toBe(cps.slice(-2000).join(''));
      expect(blobs).toHaveLength(2);
      expect(Math.max(...blobs)).toBeLessThanOrEqual(MiB + 3 + 4 * 2000);
    } finally {
      await store.close();
    }
  });
});
