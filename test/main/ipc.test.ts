import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHANNEL_NAMES, type ChannelName, type Envelope } from '../../app/contract';
import { invoke, PAGE_URL, startController, type ControllerHarness, type FakeWindow as Window } from '../support/app-controller';
import { ALICE, BOB, OPERATOR, seedStore, type Seeded } from './helpers';

vi.mock('electron', () => import('./fake-electron'));

const electron = await import('./fake-electron');

/** The value of a successful envelope (fails the test otherwise). */
function valueOf<T>(envelope: Envelope<T>): T {
  if (!envelope.ok) throw new Error(`expected ok, got ${envelope.error.code}: ${envelope.error.message}`);
  return envelope.value;
}

const codeOf = (envelope: Envelope<unknown>) => (envelope.ok ? 'ok' : envelope.error.code);

describe('the IPC adapter and per-window sessions', () => {
  let seeded: Seeded;
  let harness: ControllerHarness;
  let controller: ControllerHarness['controller'];

  beforeEach(async () => {
    seeded = await seedStore();
    harness = await startController();
    controller = harness.controller;
  });

  afterEach(() => harness.close());

  const open = async (principal = ALICE) => (await controller.openWindow(seeded.path, principal)) as unknown as Window;

  it('registers every contract channel and no other', () => {
    expect([...electron.ipcMain.handlers.keys()].sort()).toEqual([...CHANNEL_NAMES].sort());
    expect(electron.ipcMain.listeners.size).toBe(0);
  });

  it('unregisters every channel on dispose', async () => {
    await harness.close();
    expect(electron.ipcMain.handlers.size).toBe(0);
    harness = await startController();
    controller = harness.controller;
  });

  it("takes the principal from the sender: two windows as two owners never see each other's rows", async () => {
    const alice = await open(ALICE);
    const bob = await open(BOB);
    const aliceTurns = await invoke(alice.webContents, 'turns:list', {});
    const bobTurns = await invoke(bob.webContents, 'turns:list', {});
    expect(
      valueOf(aliceTurns)
        .turns.map((t) => t.turnId)
        .sort(),
    ).toEqual(['turn-alice-1', 'turn-alice-2']);
    expect(
      valueOf(bobTurns)
        .turns.map((t) => t.turnId)
        .sort(),
    ).toEqual(['turn-bob-1', 'turn-bob-2']);
    expect(codeOf(await invoke(alice.webContents, 'entry:read', { id: seeded.ids.bobText, mode: 'full' }))).toBe('NOT_FOUND');
    expect(codeOf(await invoke(bob.webContents, 'entry:describe', { id: seeded.ids.aliceText }))).toBe('NOT_FOUND');
    expect(codeOf(await invoke(bob.webContents, 'entry:describe', { id: seeded.ids.bobText }))).toBe('ok');
  });

  it("pushes a window's events to that window only", async () => {
    const alice = await open(ALICE);
    const bob = await open(BOB);
    bob.webContents.sent.length = 0;
    alice.webContents.sent.length = 0;
    await invoke(alice.webContents, 'gc:run', {});
    expect(alice.webContents.sent.filter((s) => s.channel === 'store:changed')).toEqual([{ channel: 'store:changed', payload: { reason: 'gc' } }]);
    expect(bob.webContents.sent.filter((s) => s.channel !== 'work:progress')).toEqual([]);
  });

  it('refuses a sender frame that is not our page', async () => {
    const window = await open(ALICE);
    const frames = [
      { url: 'https://evil.example/index.html', parent: null },
      { url: 'file:///tmp/other/index.html', parent: null },
      { url: PAGE_URL, parent: window.webContents.mainFrame },
      null,
    ];
    for (const frame of frames) {
      const result = await invoke(window.webContents, 'turns:list', {}, frame);
      expect(result).toEqual({ ok: false, error: { code: 'FORBIDDEN', message: 'requests are accepted only from the app page' } });
    }
    window.webContents.mainFrame.url = 'https://evil.example/';
    expect(codeOf(await invoke(window.webContents, 'session:info', {}))).toBe('FORBIDDEN');
  });

  it('refuses a page main did not open and a window after it closed', async () => {
    const stranger = new electron.FakeWebContents(PAGE_URL);
    expect(await invoke(stranger, 'session:info', {})).toEqual({ ok: false, error: { code: 'FORBIDDEN', message: 'this window has no session' } });
    const window = await open(ALICE);
    expect(codeOf(await invoke(window.webContents, 'session:info', {}))).toBe('ok');
    window.emit('closed');
    expect(codeOf(await invoke(window.webContents, 'session:info', {}))).toBe('FORBIDDEN');
  });

  it('offers no way from the renderer to pass a path or a principal', async () => {
    const other = await seedStore();
    const window = await open(ALICE);
    const smuggled = { principal: OPERATOR, owner: 'bob', userId: 'bob', path: other.path, file: other.path, db: other.path, recentPath: other.path };
    const outcomes: Record<string, string[]> = {};
    for (const channel of CHANNEL_NAMES) {
      for (const request of [smuggled, { id: seeded.ids.bobText, turnId: 'turn-bob-1', ...smuggled }]) {
        const result = await invoke(window.webContents, channel, request);
        (outcomes[channel] ??= []).push(codeOf(result));
      }
    }
    // Strict schemas refuse the extra keys. entry:readLog's selector is a union that strips them: the first request
    // selects nothing, the second reads bob's row as the window's principal and finds nothing of alice's.
    expect(outcomes).toEqual(
      Object.fromEntries(
        CHANNEL_NAMES.map((c: ChannelName) => [c, c === 'entry:readLog' ? ['INVALID_ARGUMENT', 'NOT_FOUND'] : ['INVALID_ARGUMENT', 'INVALID_ARGUMENT']]),
      ),
    );
    const info = valueOf(await invoke(window.webContents, 'session:info', {}));
    expect([info.file, info.principal]).toEqual([seeded.path, ALICE]);
  });

  it('lists every owner under View in the menu of an operator window', async () => {
    await open(OPERATOR);
    await vi.waitFor(() => {
      const template = electron.Menu.template as Array<{ label?: string; submenu?: Array<{ label?: string; checked?: boolean }> }>;
      const view = template.find((m) => m.label === '&View');
      expect(view?.submenu?.filter((i) => i.label?.startsWith('View as')).map((i) => [i.label, i.checked])).toEqual([
        ['View as Operator (All Owners)', true],
        ['View as Owner alice', false],
        ['View as Owner bob', false],
      ]);
    });
  });
});
