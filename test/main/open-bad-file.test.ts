// Opening a file that cannot be opened (damaged v2 schema, hot journal) from File › Open…, Open Recent or the
// file:open channel keeps the window on the store it had, says why, and leaves the bad file as it was.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openScratchpad } from '../../app/scratchpad';
import { createHandlers } from '../../main/ipc/handlers';
import { invoke, startController, type ControllerHarness } from '../support/app-controller';
import {
  ALICE,
  CLIENTS,
  memoryRecentFiles,
  recordingSession,
  removeScratchDirs,
  scriptedDialogs,
  seedStore,
  tempDir,
  testServices,
  type Seeded,
} from './helpers';

vi.mock('electron', () => import('./fake-electron'));

const electron = await import('./fake-electron');

afterAll(removeScratchDirs);

type Item = { label?: string; submenu?: Item[]; click?: () => void };

const sha256 = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

/** A v2 file whose chunks table was dropped: it carries the marker, but no query can run on it. */
async function damagedV2(): Promise<string> {
  const file = join(tempDir('bad-v2-'), 'damaged.db');
  await (await openScratchpad(file)).close();
  const db = new Database(file);
  db.exec('DROP TABLE chunks');
  db.close();
  return file;
}

describe('the menu opening a file that cannot be opened', () => {
  let seeded: Seeded;
  let bad: string;
  let harness: ControllerHarness;
  let controller: ControllerHarness['controller'];
  let errors: Array<[string, string]>;

  beforeEach(async () => {
    electron.Menu.template = null;
    errors = [];
    electron.dialog.showErrorBox = ((title: string, message: string) => void errors.push([title, message])) as never;
    seeded = await seedStore();
    bad = await damagedV2();
    harness = await startController([bad]);
    controller = harness.controller;
  });

  afterEach(() => harness.close());

  /** The File menu once main has built it for the open window. */
  async function fileMenu(): Promise<Item[]> {
    await vi.waitFor(() => expect(electron.Menu.template).not.toBeNull());
    return ((electron.Menu.template as Item[]).find((m) => m.label === '&File')?.submenu ?? []) as Item[];
  }

  async function expectStillOnSeeded(window: InstanceType<typeof electron.BrowserWindow>) {
    const info = await invoke(window.webContents, 'session:info', {});
    expect(info.ok && [info.value.file, info.value.format]).toEqual([seeded.path, 'v2']);
    const turns = await invoke(window.webContents, 'turns:list', {});
    expect(turns.ok && turns.value.turns.map((t) => t.turnId).sort()).toEqual(['turn-alice-1', 'turn-alice-2']);
  }

  it('Open Recent: an error box says why, the window keeps its file, the bad file is unchanged', async () => {
    const before = sha256(bad);
    const window = (await controller.openWindow(seeded.path, ALICE)) as unknown as InstanceType<typeof electron.BrowserWindow>;
    const recent = (await fileMenu()).find((i) => i.label === 'Open Recent')?.submenu ?? [];
    const item = recent.find((i) => i.label?.includes('damaged.db'));
    expect(item).toBeDefined();
    item!.click!();
    await vi.waitFor(() => expect(errors).toHaveLength(1));
    expect(errors[0]).toEqual(['Could not open the file', `${bad}: damaged v2 schema: table chunks is missing`]);
    await expectStillOnSeeded(window);
    expect(sha256(bad)).toBe(before);
  });

  it('File › Open…: the same for the file chosen in the native dialog', async () => {
    const before = sha256(bad);
    electron.dialog.showOpenDialog = (async () => ({ canceled: false, filePaths: [bad] })) as never;
    const window = (await controller.openWindow(seeded.path, ALICE)) as unknown as InstanceType<typeof electron.BrowserWindow>;
    (await fileMenu()).find((i) => i.label === 'Open…')!.click!();
    await vi.waitFor(() => expect(errors).toHaveLength(1));
    expect(errors[0]).toEqual(['Could not open the file', `${bad}: damaged v2 schema: table chunks is missing`]);
    await expectStillOnSeeded(window);
    expect(sha256(bad)).toBe(before);
  });
});

describe.each(CLIENTS)('file:open of a damaged v2 file over the %s', (_name, open) => {
  it('answers CORRUPT and keeps the session on its store', async () => {
    const seeded = await seedStore();
    const bad = await damagedV2();
    const before = sha256(bad);
    const store = await open(seeded.path);
    try {
      const handlers = createHandlers(testServices(open, scriptedDialogs({ open: [bad] }).dialogs, memoryRecentFiles()));
      const { session, events } = recordingSession(store, ALICE);
      const result = await handlers['file:open'](session, {});
      expect(result).toEqual({ ok: false, error: { code: 'CORRUPT', message: `${bad}: damaged v2 schema: table chunks is missing` } });
      expect(session.store).toBe(store);
      expect(events).toEqual([]);
      const turns = await handlers['turns:list'](session, {});
      expect(turns.ok && turns.value.turns.length).toBe(2);
      expect(sha256(bad)).toBe(before);
    } finally {
      await store.close();
    }
  });
});
