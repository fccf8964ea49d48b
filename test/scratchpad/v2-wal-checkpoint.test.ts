import { statSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openScratchpad } from '../../app/scratchpad';
import { fakeClock, tempDir, user } from './helpers';

let tmp: ReturnType<typeof tempDir>;
beforeEach(() => {
  tmp = tempDir();
});
afterEach(() => tmp.cleanup());

const MiB = 1024 * 1024;

describe('v2 one-statement puts and the WAL', () => {
  it('keep the WAL checkpointed: 2,000 puts of 8 KiB (16 MiB) leave a WAL near the 1,000-page auto-checkpoint, not all of it', async () => {
    const file = tmp.file('wal.db');
    const sp = await openScratchpad(file, { clock: fakeClock().now });
    try {
      const body = 'x'.repeat(8 * 1024 - 1) + '\n';
      for (let k = 0; k < 2_000; k++) await sp.put(user('alice'), { turnId: `t-${k % 20}`, stepNum: k, executorName: 'bench', observation: body });
      // Auto-checkpoint after 1,000 pages (4 MiB) of WAL; the file keeps its high-water mark up to journal_size_limit.
      // Without the checkpoint every frame stays in the WAL: about 2,000 x 7 pages = 55 MiB, the database file empty.
      expect(statSync(`${file}-wal`).size).toBeLessThan(8 * MiB);
      // Each row stores the ~7 KiB its summary does not hold (its first and last 500 characters are in it).
      expect(statSync(file).size).toBeGreaterThan(14 * MiB);
    } finally {
      await sp.close();
    }
  });
});
