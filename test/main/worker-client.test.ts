import { ScratchpadError } from '../../app/contract';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openWorkerClient } from '../../main/store/worker-client';
import { OPERATOR, bundledWorker, removeScratchDirs, tempDir } from './helpers';

afterAll(removeScratchDirs);

describe('openWorkerClient', () => {
  it("rejects with the store's typed error when the file cannot be opened", async () => {
    const junk = join(tempDir(), 'junk.db');
    writeFileSync(junk, 'plain text, not SQLite');
    const failed: unknown = await openWorkerClient(junk, {}, await bundledWorker()).catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(ScratchpadError);
    expect(failed).toMatchObject({ code: 'CORRUPT' });
  });

  it('fills a new file with the demo scenario before opening it when asked (first run)', async () => {
    const path = join(tempDir(), 'scratchpad.db');
    const client = await openWorkerClient(path, {}, await bundledWorker(), true);
    try {
      expect([client.path, client.format, client.readonly]).toEqual([path, 'v2', false]);
      const owners = await client.owners(OPERATOR);
      expect(owners.length).toBeGreaterThanOrEqual(2);
      const stats = await client.stats(OPERATOR);
      expect(stats.rows).toBeGreaterThan(0);
      expect(stats.byOwner?.map((o) => o.owner).sort()).toEqual([...owners].sort());
    } finally {
      await client.close();
    }
  });

  it('rejects every call after close', async () => {
    const path = join(tempDir(), 'empty.db');
    const client = await openWorkerClient(path, {}, await bundledWorker());
    expect(await client.owners(OPERATOR)).toEqual([]);
    await client.close();
    await expect(client.owners(OPERATOR)).rejects.toThrow('store client is closed');
    await client.close();
  });
});
