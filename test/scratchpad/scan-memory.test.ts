import { runInNewContext } from 'node:vm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openScratchpad } from '../../app/scratchpad';
import { minorCollect, ScanMemory } from '../../app/scratchpad/v2/scan-memory';
import { fakeClock, tempDir, user } from './helpers';

/*
 * A scan frees the chunk Buffers it is done with on its own thread (v2/scan-memory.ts): a young-generation
 * collection every 16 MiB of chunks read, with V8's array-buffer sweep moved to the scanning thread for that
 * collection only.
 */
const MiB = 1024 * 1024;

describe('ScanMemory', () => {
  it('collects once per `every` bytes read, with the sweep on this thread for that collection only', () => {
    const log: string[] = [];
    const memory = new ScanMemory({ collect: () => log.push('collect'), setFlags: (f) => log.push(f) }, 16 * MiB);
    memory.read(6 * MiB);
    memory.read(6 * MiB);
    expect(log).toEqual([]);
    memory.read(6 * MiB); // 18 MiB: one collection, the count starts again
    expect(log).toEqual(['--no-concurrent-array-buffer-sweeping', 'collect', '--concurrent-array-buffer-sweeping']);
    memory.read(15 * MiB);
    expect(log).toHaveLength(3);
    memory.read(1 * MiB);
    expect(log.filter((l) => l === 'collect')).toHaveLength(2);
  });

  it('sets the flag back when the collection throws', () => {
    const flags: string[] = [];
    const memory = new ScanMemory(
      {
        collect: () => {
          throw new Error('no collection here');
        },
        setFlags: (f) => flags.push(f),
      },
      10,
    );
    expect(() => memory.read(10)).toThrow('no collection here');
    expect(flags).toEqual(['--no-concurrent-array-buffer-sweeping', '--concurrent-array-buffer-sweeping']);
  });

  it('changes no flag when the runtime gave no collection', () => {
    const setFlags = vi.fn();
    const memory = new ScanMemory({ collect: null, setFlags }, 10);
    memory.read(100);
    expect(setFlags).not.toHaveBeenCalled();
  });
});

describe('minorCollect', () => {
  it('gives a working collection and leaves --expose-gc as it was: later contexts get no gc', () => {
    const exposed = typeof (globalThis as { gc?: unknown }).gc === 'function';
    const before = runInNewContext('typeof gc') as string;
    const collect = minorCollect();
    expect(collect).toBeTypeOf('function');
    // Buffers made and dropped, then collected: the call runs V8's collection without throwing.
    for (let i = 0; i < 64; i++) Buffer.alloc(32 * 1024).fill(i);
    expect(() => collect!()).not.toThrow();
    expect(runInNewContext('typeof gc')).toBe(before);
    expect(before).toBe(exposed ? 'function' : 'undefined');
  });
});

describe('a v2 search', () => {
  let tmp: ReturnType<typeof tempDir> | undefined;
  afterEach(() => {
    vi.restoreAllMocks();
    tmp?.cleanup();
  });

  it('counts every chunk byte it read on the calling thread', async () => {
    tmp = tempDir();
    const sp = await openScratchpad(tmp.file(), { clock: fakeClock().now, searchWorkers: 0 });
    try {
      // ~1.2 MiB of text in 64 KiB-code-point chunks of the default layout: several pages of chunks.
      const content = 'città observation 😀\n'.repeat(60_000);
      const put = await sp.put(user('alice'), { turnId: 't', stepNum: 1, executorName: 'x', observation: { content } });
      const read = vi.spyOn(ScanMemory.prototype, 'read');
      const r = await sp.search(user('alice'), { pattern: 'absent-needle', id: put.scratchpad_id });
      expect(r.hits).toEqual([]);
      const counted = read.mock.calls.reduce((n, [bytes]) => n + bytes, 0);
      expect(counted).toBe(Buffer.byteLength(content, 'utf8'));
      expect(counted).toBe(r.scannedBytes);
    } finally {
      await sp.close();
    }
  });
});
