import { describe, expect, it, vi } from 'vitest';
import type { Principal } from '../../app/contract';
import type { WindowSession } from '../../main/ipc/session';

vi.mock('electron', () => import('./fake-electron'));

const electron = await import('./fake-electron');
const { menuTemplate } = await import('../../main/electron/menu');
const { confirmPrincipal, electronDialogs, principalLabel } = await import('../../main/electron/dialogs');

type Item = { label?: string; role?: string; accelerator?: string; submenu?: Item[]; click?: () => void; checked?: boolean; enabled?: boolean; type?: string };

function model(overrides: Partial<Parameters<typeof menuTemplate>[0]> = {}) {
  const calls: Array<[string, unknown?]> = [];
  const base = {
    recentFiles: ['/a.db', '/b.db'],
    principal: { kind: 'user', userId: 'alice' } as Principal,
    owners: ['alice', 'bob'],
    isMac: false,
    onOpen: () => calls.push(['open']),
    onOpenConnection: () => calls.push(['connection']),
    onOpenRecent: (path: string) => calls.push(['recent', path]),
    onNewWindow: () => calls.push(['new']),
    onViewAs: (p: Principal) => calls.push(['viewAs', p]),
  };
  return { template: menuTemplate({ ...base, ...overrides }) as Item[], calls };
}

const submenu = (template: Item[], label: string) => template.find((m) => m.label === label)?.submenu ?? [];

describe('menuTemplate', () => {
  it('has File, Edit, View, Window and Help with the usual accelerators and roles', () => {
    const { template } = model();
    expect(template.map((m) => m.label ?? m.role)).toEqual(['&File', 'editMenu', '&View', 'windowMenu', 'help']);
    expect(submenu(template, '&File').map((i) => [i.label ?? i.role ?? i.type, i.accelerator])).toEqual([
      ['New Window', 'CmdOrCtrl+N'],
      ['Open…', 'CmdOrCtrl+O'],
      ['Open Connection…', 'CmdOrCtrl+Shift+O'],
      ['Open Recent', undefined],
      ['separator', undefined],
      ['close', undefined],
      ['quit', undefined],
    ]);
    expect(
      submenu(template, '&View')
        .filter((i) => i.role)
        .map((i) => i.role),
    ).toEqual(['reload', 'toggleDevTools', 'resetZoom', 'zoomIn', 'zoomOut', 'togglefullscreen']);
  });

  it('adds the app menu on macOS and leaves Quit to it', () => {
    const { template } = model({ isMac: true });
    expect(template[0]?.role).toBe('appMenu');
    expect(submenu(template, '&File').some((i) => i.role === 'quit')).toBe(false);
  });

  it("opens recent files from main's own list and asks to view as the chosen principal", () => {
    const { template, calls } = model();
    const recent = submenu(template, '&File').find((i) => i.label === 'Open Recent')?.submenu ?? [];
    recent[1]?.click?.();
    const viewAs = submenu(template, '&View').filter((i) => i.label?.startsWith('View as'));
    expect(viewAs.map((i) => [i.label, i.checked])).toEqual([
      ['View as Operator (All Owners)', false],
      ['View as Owner alice', true],
      ['View as Owner bob', false],
    ]);
    viewAs[2]?.click?.();
    viewAs[0]?.click?.();
    expect(calls).toEqual([
      ['recent', '/b.db'],
      ['viewAs', { kind: 'user', userId: 'bob' }],
      ['viewAs', { kind: 'operator' }],
    ]);
  });

  it('disables Open Recent when the list is empty', () => {
    const { template } = model({ recentFiles: [] });
    expect(submenu(template, '&File').find((i) => i.label === 'Open Recent')?.enabled).toBe(false);
  });
});

describe('electronDialogs', () => {
  const session = { principal: { kind: 'user', userId: 'alice' } } as unknown as WindowSession;

  it('offers operator and the owners as buttons and maps the answer to a principal', async () => {
    const seen: Array<{ buttons: string[]; cancelId: number }> = [];
    for (const [response, expected] of [
      [0, null],
      [1, { kind: 'operator' }],
      [3, { kind: 'user', userId: 'bob' }],
    ] as const) {
      electron.dialog.showMessageBox = (async (options: { buttons: string[]; cancelId: number }) => {
        seen.push(options);
        return { response };
      }) as never;
      expect(await electronDialogs(() => undefined).choosePrincipal(session, ['alice', 'bob'])).toEqual(expected);
    }
    expect(seen[0]).toMatchObject({ buttons: ['Cancel', 'Operator (all owners)', 'alice', 'bob'], cancelId: 0 });
  });

  it('suggests the export file name in the downloads folder and returns null when cancelled', async () => {
    const asked: string[] = [];
    electron.dialog.showSaveDialog = (async (options: { defaultPath: string }) => {
      asked.push(options.defaultPath);
      return asked.length === 1 ? { canceled: false, filePath: '/home/u/out.png' } : { canceled: true };
    }) as never;
    const dialogs = electronDialogs(
      () => undefined,
      () => '/home/u/Downloads',
    );
    expect(await dialogs.chooseSavePath(session, 'abc.png')).toBe('/home/u/out.png');
    expect(await dialogs.chooseSavePath(session, 'abc.png')).toBeNull();
    expect(asked).toEqual(['/home/u/Downloads/abc.png', '/home/u/Downloads/abc.png']);
  });

  it('returns the first chosen file of the open dialog, or null', async () => {
    const answers = [
      { canceled: false, filePaths: ['/x/s.db'] },
      { canceled: true, filePaths: [] },
    ];
    electron.dialog.showOpenDialog = (async () => answers.shift()) as never;
    const dialogs = electronDialogs(() => undefined);
    expect([await dialogs.chooseOpenPath(session), await dialogs.chooseOpenPath(session)]).toEqual(['/x/s.db', null]);
  });

  it('confirms a switch only on the Switch button', async () => {
    const answers = [1, 0];
    electron.dialog.showMessageBox = (async () => ({ response: answers.shift() })) as never;
    expect([await confirmPrincipal(undefined, { kind: 'operator' }), await confirmPrincipal(undefined, { kind: 'operator' })]).toEqual([true, false]);
    expect([principalLabel({ kind: 'operator' }), principalLabel({ kind: 'user', userId: 'bob' })]).toEqual(['operator (all owners)', 'owner bob']);
  });
});
