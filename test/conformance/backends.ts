import { join } from 'node:path';
import { inject } from 'vitest';
import type { OpenOptions, Scratchpad } from '../../app/scratchpad';
import { openScratchpad } from '../../app/scratchpad';
import { openScratchpadWithLayout } from '../../app/scratchpad/open';
import { DEFAULT_CHUNK_LAYOUT } from '../../app/scratchpad/core/chunk-layout';
import { makeV1File } from '../scratchpad/metnos-v1/v1-files';
import { createAppDatabase } from '../support/pg-app';

/** One row to seed: `key` names it in the test, `content` a string (text) or bytes (binary). */
export interface SeedRow {
  readonly key: string;
  readonly owner: string;
  readonly turnId: string;
  readonly stepNum: number | null;
  readonly executorName: string | null;
  readonly content: string | Uint8Array;
  /** Unix seconds. */
  readonly createdAt: number;
  /** Unix seconds. */
  readonly expiresAt: number;
  /** Text stored as raw bytes that need not be valid UTF-8 (only formats that can hold them). */
  readonly rawText?: Uint8Array;
}

/** What a format cannot do: each `false` is an exception the suite checks as the core's listed behaviour. */
export interface Capabilities {
  /** Rows carry an owner (else a user sees nothing). */
  readonly owners: boolean;
  /** put, extendTtl, recordRead work (else READ_ONLY). */
  readonly writes: boolean;
  /** A read log is kept (else readLog is [] and recordRead READ_ONLY). */
  readonly readLog: boolean;
  /** Text may hold invalid UTF-8 (v2 stores JS strings, so it cannot). */
  readonly invalidUtf8: boolean;
}

/** One backend under test: a factory for a fresh store holding `rows` (ids by key), and its exceptions. */
export interface BackendCase {
  readonly name: string;
  readonly can: Capabilities;
  /** Runs only in the `postgres` vitest project (needs the throw-away server of its global setup). */
  readonly needsServer?: boolean;
  open(dir: string, rows: readonly SeedRow[], options: OpenOptions): Promise<{ store: Scratchpad; ids: Record<string, string>; file: string }>;
}

/** Small v2 chunks, so the suite's texts cross chunk boundaries. */
const SMALL_CHUNKS = { textChunkCodePoints: 7, binaryChunkBytes: 5 };

/** Seeds `rows` through the store API with a clock that stands at each row's creation time; returns ids by key. */
async function seed(target: string, rows: readonly SeedRow[], layout = SMALL_CHUNKS): Promise<Record<string, string>> {
  let clock = 0;
  const writer = await openScratchpadWithLayout(target, { clock: () => clock }, layout);
  const ids: Record<string, string> = {};
  try {
    for (const r of rows) {
      clock = r.createdAt;
      const handle = await writer.put(
        { kind: 'user', userId: r.owner },
        { turnId: r.turnId, stepNum: r.stepNum, executorName: r.executorName, observation: { content: r.content }, ttlSeconds: r.expiresAt - r.createdAt },
      );
      ids[r.key] = handle.scratchpad_id;
    }
  } finally {
    await writer.close();
  }
  return ids;
}

/**
 * A fresh database on the postgres project's server with a login in the application, owner and operator roles
 * (mode 1 of scripts/postgres-roles.sql, plus the operator view); dropped when the store closes.
 */
async function postgresCase(rows: readonly SeedRow[], options: OpenOptions): Promise<{ store: Scratchpad; ids: Record<string, string>; file: string }> {
  const { db, url } = await createAppDatabase(inject('pgAdminUrl'), { migrate: false });
  const ids = await seed(url, rows);
  const store = await openScratchpad(url, options);
  const close = store.close.bind(store);
  return {
    store: Object.assign(store, {
      async close() {
        await close();
        await db.drop();
      },
    }),
    ids,
    file: store.path,
  };
}

/** Every backend the conformance suite runs over. Adding a backend = adding one entry here. */
export const BACKENDS: readonly BackendCase[] = [
  {
    name: 'v2',
    can: { owners: true, writes: true, readLog: true, invalidUtf8: false },
    async open(dir, rows, options) {
      const file = join(dir, 'v2.db');
      const ids = await seed(file, rows);
      return { store: await openScratchpad(file, options), ids, file };
    },
  },
  {
    // The default chunks (32,768 code points, 64 KiB): every row of the suite fits one chunk, so all of them are
    // stored in their observations row (schema 10) instead of in chunks.
    name: 'v2 (one-chunk rows inline)',
    can: { owners: true, writes: true, readLog: true, invalidUtf8: false },
    async open(dir, rows, options) {
      const file = join(dir, 'v2-inline.db');
      const ids = await seed(file, rows, DEFAULT_CHUNK_LAYOUT);
      return { store: await openScratchpad(file, options), ids, file };
    },
  },
  {
    name: 'metnos-v1',
    can: { owners: false, writes: false, readLog: false, invalidUtf8: true },
    async open(dir, rows, options) {
      const file = join(dir, 'v1.db');
      const ids: Record<string, string> = {};
      rows.forEach((r, i) => (ids[r.key] = (i + 1).toString(16).padStart(16, 'c')));
      makeV1File(
        file,
        rows.map((r) => ({
          id: ids[r.key]!,
          turnId: r.turnId,
          stepNum: r.stepNum,
          executorName: r.executorName,
          kind: typeof r.content === 'string' ? 'text' : 'binary',
          content: r.rawText ?? r.content,
          createdAt: r.createdAt,
          expiresAt: r.expiresAt,
        })),
      );
      return { store: await openScratchpad(file, options), ids, file };
    },
  },
  {
    // Exceptions: none of the listed ones (owners, writes and a read log; text is always valid UTF-8, as in v2).
    name: 'postgres',
    can: { owners: true, writes: true, readLog: true, invalidUtf8: false },
    needsServer: true,
    open: (_dir, rows, options) => postgresCase(rows, options),
  },
];
