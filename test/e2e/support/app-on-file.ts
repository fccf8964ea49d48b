import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { Principal } from '../../../app/contract';
import { openScratchpad, type Scratchpad } from '../../../app/scratchpad';
import { tempDir } from '../data';
import { launchApp, type AppSession, type LaunchOptions } from '../harness';

/** The app of one describe block, over a file written before it opened. */
export interface AppOnFile {
  /** The running app (set once beforeAll has run). */
  readonly app: AppSession;
  /** The store file the app opened, in the block's temp folder. */
  readonly dbPath: string;
}

/** What {@link appOnFile} needs: the file's name, how to write it, and who the window views as at what time. */
export interface AppOnFileOptions extends Omit<LaunchOptions, 'dbPath' | 'principal' | 'now'> {
  /** File name inside a fresh temp folder. */
  readonly file: string;
  /** Writes the file at `dbPath` (e.g. {@link fillStore} or writeDemoDatabase); runs before the app opens. */
  readonly seed: (dbPath: string) => Promise<unknown>;
  readonly principal: Principal;
  /** The app's fixed clock, Unix seconds. */
  readonly now: number;
}

/**
 * Registers the describe block's beforeAll (temp folder, `seed`, launchApp) and afterAll (close the app, remove
 * the folder), and returns the app the tests use. The hooks' timeouts are the e2e project's.
 */
export function appOnFile(options: AppOnFileOptions): AppOnFile {
  const { file, seed, ...launch } = options;
  const tmp = tempDir();
  const dbPath = path.join(tmp.dir, file);
  let app: AppSession | undefined;
  beforeAll(async () => {
    await seed(dbPath);
    app = await launchApp({ ...launch, dbPath });
  });
  afterAll(async () => {
    await app?.close();
    tmp.remove();
  });
  return {
    get app() {
      if (!app) throw new Error('the app is not open yet: use it inside a test');
      return app;
    },
    dbPath,
  };
}

/**
 * Opens a store on `dbPath` read-write with `clock` (Unix seconds; `fill` may move it by calling `setClock`),
 * runs `fill`, and closes the store even when `fill` throws.
 */
export async function fillStore(dbPath: string, at: number, fill: (pad: Scratchpad, setClock: (now: number) => void) => Promise<void>): Promise<void> {
  let clock = at;
  const pad = await openScratchpad(dbPath, { clock: () => clock });
  try {
    await fill(pad, (now) => (clock = now));
  } finally {
    await pad.close();
  }
}
