import { Menu, type MenuItemConstructorOptions } from 'electron';
import type { Principal } from '../../app/contract';

/** What the menu shows and does for the focused window (main decides; the page is never asked). */
export interface MenuModel {
  readonly recentFiles: readonly string[];
  /** Principal of the focused window, or null when no window is focused. */
  readonly principal: Principal | null;
  /** Owners of the focused window's file (for "View as"). */
  readonly owners: readonly string[];
  readonly isMac: boolean;
  readonly onOpen: () => void;
  /** File › Open connection…: the focused window shows its connection dialog. */
  readonly onOpenConnection: () => void;
  readonly onOpenRecent: (path: string) => void;
  readonly onNewWindow: () => void;
  readonly onViewAs: (principal: Principal) => void;
}

const same = (a: Principal | null, b: Principal) => a !== null && a.kind === b.kind && (a.kind === 'operator' || (b.kind === 'user' && a.userId === b.userId));

/** The application menu template: File (new window, open, open connection, recent), Edit, View (view as, zoom, devtools), Window, Help. */
export function menuTemplate(model: MenuModel): MenuItemConstructorOptions[] {
  const viewAs: MenuItemConstructorOptions[] = [
    {
      label: 'View as Operator (All Owners)',
      type: 'radio',
      checked: same(model.principal, { kind: 'operator' }),
      enabled: model.principal !== null,
      click: () => model.onViewAs({ kind: 'operator' }),
    },
    ...model.owners.map((userId): MenuItemConstructorOptions => ({
      label: `View as Owner ${userId}`,
      type: 'radio',
      checked: same(model.principal, { kind: 'user', userId }),
      click: () => model.onViewAs({ kind: 'user', userId }),
    })),
  ];
  return [
    ...(model.isMac ? [{ role: 'appMenu' } as MenuItemConstructorOptions] : []),
    {
      label: '&File',
      submenu: [
        { label: 'New Window', accelerator: 'CmdOrCtrl+N', click: model.onNewWindow },
        { label: 'Open…', accelerator: 'CmdOrCtrl+O', click: model.onOpen },
        { label: 'Open Connection…', accelerator: 'CmdOrCtrl+Shift+O', enabled: model.principal !== null, click: model.onOpenConnection },
        {
          label: 'Open Recent',
          enabled: model.recentFiles.length > 0,
          submenu: model.recentFiles.map((path) => ({ label: path, click: () => model.onOpenRecent(path) })),
        },
        { type: 'separator' },
        { role: 'close' },
        ...(model.isMac ? [] : [{ role: 'quit' } as MenuItemConstructorOptions]),
      ],
    },
    { role: 'editMenu' },
    {
      label: '&View',
      submenu: [
        ...viewAs,
        { type: 'separator' },
        { role: 'reload' },
        { role: 'toggleDevTools' },
        { type: 'separator' },
        { role: 'resetZoom' },
        { role: 'zoomIn' },
        { role: 'zoomOut' },
        { type: 'separator' },
        { role: 'togglefullscreen' },
      ],
    },
    { role: 'windowMenu' },
    { role: 'help', submenu: [{ label: 'Scratchpad Inspector', enabled: false }] },
  ];
}

/** Builds and installs the application menu from {@link menuTemplate}. */
export function installMenu(model: MenuModel): void {
  Menu.setApplicationMenu(Menu.buildFromTemplate(menuTemplate(model)));
}
