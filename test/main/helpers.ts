// Shared fixtures of the main-process tests: real store files, sessions that record their events, scripted dialogs.
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { EventName, EventPayload, Principal } from '../../app/contract';
import { openScratchpad } from '../../app/scratchpad';
import type { Dialogs, RecentFiles, Services, WindowSession } from '../../main/ipc/session';
import type { StoreClient } from '../../main/store/client';
import { openInProcessClient } from '../../main/store/in-process';
import { openWorkerClient, type WorkerEntry } from '../../main/store/worker-client';
import { buildMain, ROOT } from '../../scripts/build-main.mjs';

export const ALICE: Principal = { kind: 'user', userId: 'alice' };
export const BOB: Principal = { kind: 'user', userId: 'bob' };
export const OPERATOR: Principal = { kind: 'operator' };

/** PNG signature plus filler: a binary row the store detects as png. */
export const PNG_BYTES = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...Array.from({ length: 300 }, (_, i) => i % 256)]);
export const ALICE_TEXT = 'alice line\n'.repeat(400);
export const BOB_TEXT = 'bob secret\n'.repeat(50);

/** Ids of the seeded rows, by name. */
export interface Seeded {
  readonly path: string;
  readonly ids: { aliceText: string; alicePng: string; aliceExpired: string; bobText: string; bobExpired: string };
}

export function tempDir(prefix = 'main-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

/** A v2 file with two owners: alice (text, png, one expired row) and bob (text, one expired row). */
export async function seedStore(dir = tempDir()): Promise<Seeded> {
  const path = join(dir, 'scratchpad.db');
  const pad = await openScratchpad(path);
  try {
    const put = async (p: Principal, turnId: string, stepNum: number, observation: unknown, ttlSeconds = 3600) =>
      (await pad.put(p, { turnId, stepNum, executorName: 'shell', observation, ttlSeconds })).scratchpad_id;
    return {
      path,
      ids: {
        aliceText: await put(ALICE, 'turn-alice-1', 1, { content: ALICE_TEXT }),
        alicePng: await put(ALICE, 'turn-alice-1', 2, { content: PNG_BYTES }),
        aliceExpired: await put(ALICE, 'turn-alice-2', 1, { content: 'old alice output' }, -60),
        bobText: await put(BOB, 'turn-bob-1', 1, { content: BOB_TEXT }),
        bobExpired: await put(BOB, 'turn-bob-2', 1, { content: 'old bob output' }, -60),
      },
    };
  } finally {
    await pad.close();
  }
}

/** sha256 of a file's bytes (with its -wal, when present, so uncheckpointed writes count). */
export function fileHash(path: string): string {
  const hash = createHash('sha256').update(readFileSync(path));
  try {
    hash.update(readFileSync(`${path}-wal`));
  } catch {
    // no WAL file
  }
  return hash.digest('hex');
}

type Recorded = { event: EventName; payload: unknown };

/** A session over `store` for `principal` that records what it emits. */
export function recordingSession(store: StoreClient, principal: Principal): { session: WindowSession; events: Recorded[] } {
  const events: Recorded[] = [];
  const session: WindowSession = {
    store,
    principal,
    emit: <E extends EventName>(event: E, payload: EventPayload<E>) => {
      events.push({ event, payload });
    },
  };
  return { session, events };
}

/** Dialogs answering from scripted queues (null = cancelled) and recording what they were asked. */
export function scriptedDialogs(script: { open?: (string | null)[]; save?: (string | null)[]; principal?: (Principal | null)[] } = {}) {
  const asked: Array<{ dialog: string; detail?: unknown }> = [];
  const dialogs: Dialogs = {
    chooseOpenPath: async () => {
      asked.push({ dialog: 'open' });
      return script.open?.shift() ?? null;
    },
    chooseSavePath: async (_s, suggestedName) => {
      asked.push({ dialog: 'save', detail: suggestedName });
      return script.save?.shift() ?? null;
    },
    choosePrincipal: async (_s, owners) => {
      asked.push({ dialog: 'principal', detail: [...owners] });
      return script.principal?.shift() ?? null;
    },
  };
  return { dialogs, asked };
}

/** An in-memory recent list. */
export function memoryRecentFiles(initial: string[] = []): RecentFiles {
  let items = [...initial];
  return { list: () => items, add: (p) => void (items = [p, ...items.filter((x) => x !== p)]) };
}

let workerEntry: Promise<WorkerEntry> | undefined;

const scratchDirs: string[] = [];

/**
 * A fresh folder under test-results/ (inside the repo, so bundles resolve better-sqlite3 from node_modules);
 * the test file removes it with {@link removeScratchDirs} in its afterAll.
 */
export function repoScratchDir(prefix: string): string {
  mkdirSync(join(ROOT, 'test-results'), { recursive: true });
  const dir = mkdtempSync(join(ROOT, 'test-results', `${prefix}-`));
  scratchDirs.push(dir);
  return dir;
}

/** Removes every folder {@link repoScratchDir} made in this test file (and forgets the worker bundle). */
export function removeScratchDirs(): void {
  for (const dir of scratchDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  workerEntry = undefined;
}

/** The production worker bundle (esbuild, as npm start builds it), built once per test file. */
export function bundledWorker(): Promise<WorkerEntry> {
  workerEntry ??= (async () => {
    const outDir = repoScratchDir('main-worker');
    const [file] = await buildMain({ outDir, entries: ['worker'] });
    return { url: pathToFileURL(file!) };
  })();
  return workerEntry;
}

/** The two store clients every handler test runs against. */
export const CLIENTS: ReadonlyArray<readonly [string, (path: string) => Promise<StoreClient>]> = [
  ['in-process client', (path) => openInProcessClient(path)],
  ['worker client', async (path) => openWorkerClient(path, {}, await bundledWorker())],
];

/** Services over scripted dialogs and an in-memory recent list. */
export function testServices(openStore: (path: string) => Promise<StoreClient>, dialogs: Dialogs, recent: RecentFiles = memoryRecentFiles()): Services {
  return { dialogs, recentFiles: recent, openStore };
}
