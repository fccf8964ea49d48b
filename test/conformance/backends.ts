import { join } from 'node:path';
import type { OpenOptions, Scratchpad } from '../../app/scratchpad';
import { openScratchpad } from '../../app/scratchpad';
import { openScratchpadWithLayout } from '../../app/scratchpad/open';
import { makeV1File } from '../scratchpad/metnos-v1/v1-files';

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
  open(dir: string, rows: readonly SeedRow[], options: OpenOptions): Promise<{ store: Scratchpad; ids: Record<string, string>; file: string }>;
}

/** Small v2 chunks, so the suite's texts cross chunk boundaries. */
const SMALL_CHUNKS = { textChunkCodePoints: 7, binaryChunkBytes: 5 };

/** Every backend the conformance suite runs over. Adding a backend = adding one entry here. */
export const BACKENDS: readonly BackendCase[] = [
  {
    name: 'v2',
    can: { owners: true, writes: true, readLog: true, invalidUtf8: false },
    async open(dir, rows, options) {
      const file = join(dir, 'v2.db');
      let clock = 0;
      const writer = await openScratchpadWithLayout(file, { clock: () => clock }, SMALL_CHUNKS);
      const ids: Record<string, string> = {};
      for (const r of rows) {
        clock = r.createdAt;
        const handle = await writer.put({ kind: 'user', userId: r.owner }, { turnId: r.turnId, stepNum: r.stepNum, executorName: r.executorName, observation: { content: r.content }, ttlSeconds: r.expiresAt - r.createdAt });
        ids[r.key] = handle.scratchpad_id;
      }
      await writer.close();
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
];
