import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openPostgresScratchpad } from '../../app/scratchpad';
import { createScratchPool, SCRATCH_BYTES } from '../../app/scratchpad/postgres/store/scratch';
import { createAppDatabase } from '../support/pg-app';
import type { TestDatabase } from '../support/pg-db';

/*
 * The encode buffers of text puts (store/scratch.ts): a put's bytes are a view into a borrowed buffer until its
 * write has settled, so concurrent puts (some waiting for a pooled connection, their statement sent later) must
 * never share one.
 */

let db: TestDatabase;
let url: string;
beforeAll(async () => {
  ({ db, url } = await createAppDatabase(inject('pgAdminUrl')));
});
afterAll(() => db.drop());

const user = { kind: 'user', userId: 'scratch-user' } as const;

describe('createScratchPool', () => {
  it('lends each borrower a buffer of its own until it is given back, then lends it again', () => {
    const pool = createScratchPool();
    const a = pool.borrow(10)!;
    const b = pool.borrow(10)!;
    expect(a.length).toBe(SCRATCH_BYTES);
    expect(b).not.toBe(a);
    pool.giveBack(a);
    expect(pool.borrow(10)).toBe(a);
  });

  it('lends none for a text longer than a buffer holds at 3 bytes per UTF-16 unit', () => {
    const pool = createScratchPool();
    expect(pool.borrow(SCRATCH_BYTES / 3)).toBeDefined();
    expect(pool.borrow(SCRATCH_BYTES / 3 + 1)).toBeUndefined();
    pool.giveBack(undefined); // no-op
  });
});

describe('text puts through the PostgreSQL writer', () => {
  it('stores each of many concurrent puts with its own bytes (more puts than pooled connections)', async () => {
    const store = await openPostgresScratchpad(url, { clock: () => 1_000 }, { maxConnections: 2 });
    try {
      const texts = Array.from({ length: 16 }, (_, i) => `${'é€𝄞 '.repeat(50 + i * 97)}${i}\n`.repeat(1 + (i % 3)) + (i === 5 ? 'x'.repeat(70_000) : ''));
      const handles = await Promise.all(
        texts.map((observation, i) => store.put(user, { turnId: `t-${i % 3}`, stepNum: i, executorName: 'scratch', observation })),
      );
      for (const [i, h] of handles.entries()) {
        const read = await store.read(user, h.scratchpad_id, { mode: 'full' });
        expect(read.content).toBe(texts[i]);
        const described = await store.describe(user, h.scratchpad_id);
        expect(described.sha256).toBe(createHash('sha256').update(texts[i]!, 'utf8').digest('hex'));
      }
    } finally {
      await store.close();
    }
  });
});
