import { createHash } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { ScratchpadError } from '../contract';
import { checkTarget, commitTemp, SQLITE_SIDE_FILES, tempPathBeside } from '../files/replace';
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
  /**
   * Replace an existing regular file (and drop its -wal/-shm/-journal once the new file is in place). Default
   * false: an existing file is an error.
   */
  readonly overwrite?: boolean;
  /**
   * Create `path`'s folder (mode 0700) when missing, as the app does for its own file on a first run. Default
   * false: a missing folder is refused and nothing is created (demo-db on the command line).
   */
  readonly createFolder?: boolean;
  /** How the EXISTS message names the way to replace a file: default `overwrite: true`; the command lines pass `--force`. */
  readonly forceHint?: string;
  /** Databases never to replace, with their -wal/-shm/-journal (IO, even with `overwrite`): the CLI's --db file. */
  readonly protect?: readonly string[];
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

/** EXISTS for the demo database `path`, naming the caller's way to replace it (`forceHint`). */
function existsError(path: string, forceHint: string): ScratchpadError {
  return new ScratchpadError('EXISTS', `${path} already exists (use ${forceHint} to replace it)`);
}

/** The demo's turn id for a plan key: 16 lowercase hex digits, as the original runtime's. */
export function demoTurnId(key: string): string {
  return createHash('sha256').update(`scratchpad-inspector demo turn ${key}`).digest('hex').slice(0, 16);
}

/**
 * Writes a realistic multi-owner v2 scratchpad at `path` through the store's `put` (see `demoPlan` for the
 * scenario), with the store's clock set to each row's creation time, then serves the model's reads of
 * `DEMO_READS` through the engine so the read log has real entries. The file is built under a temporary name
 * in `path`'s folder and renamed into place when complete, so a failure leaves `path` as it was and creates
 * nothing. Errors (ScratchpadError): EXISTS when `path` exists and `overwrite` is false; IO for a missing
 * folder, a directory, a non-regular file, a database's side file or one of `protect`; the store's codes on write failures.
 */
export async function writeDemoDatabase(path: string, options: DemoOptions = {}): Promise<DemoResult> {
  const now = options.now ?? Date.now() / 1000;
  const forceHint = options.forceHint ?? 'overwrite: true';
  if (options.createFolder) mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  let target;
  try {
    target = checkTarget(path, { force: options.overwrite === true, protect: options.protect ?? [] });
  } catch (e) {
    if (e instanceof ScratchpadError && e.code === 'EXISTS') throw existsError(path, forceHint);
    throw e;
  }
  const temp = tempPathBeside(target.path);
  let entries: DemoEntry[];
  try {
    entries = await fillDemo(temp, now, options);
    for (const suffix of SQLITE_SIDE_FILES) {
      if (existsSync(temp + suffix)) throw new Error(`demo database ${temp} was closed with a ${suffix.slice(1)} file left`);
    }
    if (target.existing) chmodSync(temp, target.existing.mode & 0o7777);
    commitTemp(temp, target.path, options.overwrite === true);
  } catch (e) {
    for (const suffix of ['', ...SQLITE_SIDE_FILES]) rmSync(temp + suffix, { force: true });
    if (e instanceof ScratchpadError && e.code === 'EXISTS') throw existsError(path, forceHint);
    throw e;
  }
  // The replaced file's journal and WAL belong to the old content: applied to the new file they would corrupt it.
  if (target.existing) for (const suffix of SQLITE_SIDE_FILES) rmSync(target.path + suffix, { force: true });
  return {
    path,
    rows: entries.length,
    owners: [...new Set(entries.map((e) => e.owner))].sort(),
    turns: new Set(entries.map((e) => e.turnId)).size,
    entries,
  };
}

/** One line saying what {@link writeDemoDatabase} wrote (both demo-db entry points print it). */
export function demoSummaryLine(result: DemoResult): string {
  return `Wrote ${result.rows} rows in ${result.turns} turns for owners ${result.owners.join(', ')} to ${result.path}\n`;
}

/** Writes the demo rows and reads into a new file at `path`; returns the rows written. */
async function fillDemo(path: string, now: number, options: DemoOptions): Promise<DemoEntry[]> {
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
  return entries;
}
