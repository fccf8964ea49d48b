import { createHash } from 'node:crypto';
import { existsSync, rmSync } from 'node:fs';
import { openScratchpad } from '../scratchpad';
import { demoPlan, type DemoLabel } from './plan';
import { makeDemoReads } from './reads';

export type { DemoLabel } from './plan';

/** Options of {@link writeDemoDatabase}. */
export interface DemoOptions {
  /** Unix seconds the demo is written at (rows are created before it; expiry is relative to it). Default: now. */
  readonly now?: number;
  /** Size of the large log row in bytes. Default 4 MiB. */
  readonly largeLogBytes?: number;
  /** Replace an existing file (and its -wal/-shm/-journal). Default false: an existing file is an error. */
  readonly overwrite?: boolean;
  /** better-sqlite3 `nativeBinding` for the store (the Electron build when the desktop app writes the demo). */
  readonly nativeBinding?: string;
}

/** One row the demo wrote, with the id the store gave it. */
export interface DemoEntry {
  readonly id: string;
  readonly label: DemoLabel;
  readonly owner: string;
  readonly turnId: string;
  readonly stepNum: number | null;
  readonly executorName: string | null;
  readonly kind: 'text' | 'binary';
  readonly structured: boolean;
  /** Stored size in bytes (from the synthetic handle). */
  readonly sizeBytes: number;
  /** Unix seconds. */
  readonly createdAt: number;
  /** Unix seconds; expired rows have expiresAt <= `now`. */
  readonly expiresAt: number;
  /** The real file the content came from, or `generated`. */
  readonly source: string;
}

/** What {@link writeDemoDatabase} wrote: counts, the owners (sorted), and every row. */
export interface DemoResult {
  readonly path: string;
  /** Number of rows written. */
  readonly rows: number;
  /** Distinct owner ids, sorted. */
  readonly owners: string[];
  /** Number of distinct turns. */
  readonly turns: number;
  readonly entries: DemoEntry[];
}

/** Thrown when the target file exists and `overwrite` is not set. */
export class DemoDatabaseExistsError extends Error {
  override readonly name = 'DemoDatabaseExistsError';
  constructor(readonly path: string) {
    super(`${path} already exists (pass overwrite / --force to replace it)`);
  }
}

/** The demo's turn id for a plan key: 16 lowercase hex digits, as the original runtime's. */
export function demoTurnId(key: string): string {
  return createHash('sha256').update(`scratchpad-inspector demo turn ${key}`).digest('hex').slice(0, 16);
}

/**
 * Writes a realistic multi-owner v2 scratchpad at `path` through the store's `put` (see `demoPlan` for the
 * scenario), with the store's clock set to each row's creation time, then serves the model's reads of
 * `DEMO_READS` through the engine so the read log has real entries. Errors: {@link DemoDatabaseExistsError}
 * when `path` exists and `overwrite` is false; the store's ScratchpadError on write failures.
 */
export async function writeDemoDatabase(path: string, options: DemoOptions = {}): Promise<DemoResult> {
  const now = options.now ?? Date.now() / 1000;
  if (existsSync(path)) {
    if (!options.overwrite) throw new DemoDatabaseExistsError(path);
    for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(path + suffix, { force: true });
  }
  const plan = demoPlan({ now, largeLogBytes: options.largeLogBytes ?? 4 * 1024 * 1024 }).sort((a, b) => b.agoSeconds - a.agoSeconds);
  let clock = now;
  const store = await openScratchpad(path, { clock: () => clock, nativeBinding: options.nativeBinding });
  const entries: DemoEntry[] = [];
  try {
    for (const row of plan) {
      clock = now - row.agoSeconds;
      const turnId = demoTurnId(row.turn);
      const { stepNum, executorName, observation, ttlSeconds, actor, channel } = row;
      const handle = await store.put({ kind: 'user', userId: row.owner }, { turnId, stepNum, executorName, observation, ttlSeconds, actor, channel });
      entries.push({
        id: handle.scratchpad_id,
        label: row.label,
        owner: row.owner,
        turnId,
        stepNum: row.stepNum,
        executorName: row.executorName,
        kind: row.kind,
        structured: row.structured,
        sizeBytes: handle.size_bytes,
        createdAt: clock,
        expiresAt: clock + row.ttlSeconds,
        source: row.source,
      });
    }
    await makeDemoReads(store, entries, (t) => {
      clock = t;
    });
  } finally {
    await store.close();
  }
  return {
    path,
    rows: entries.length,
    owners: [...new Set(entries.map((e) => e.owner))].sort(),
    turns: new Set(entries.map((e) => e.turnId)).size,
    entries,
  };
}
