import { BrowserWindow, dialog, type MessageBoxOptions, type OpenDialogOptions, type SaveDialogOptions } from 'electron';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { Principal } from '../../app/contract';
import type { Dialogs, WindowSession } from '../ipc/session';
import { describePrincipal } from '../../app/common/principal';

/** Most owners offered as buttons in the "view as" box; the View menu lists them all. */
const MAX_OWNER_BUTTONS = 10;

/** Describes a principal for people: "operator (all owners)" or "owner alice" (common/principal.ts). */
export const principalLabel: (principal: Principal) => string = describePrincipal;

/** Native confirmation before a window changes who it views as; true when confirmed. */
export async function confirmPrincipal(window: BrowserWindow | undefined, principal: Principal): Promise<boolean> {
  const options: MessageBoxOptions = {
    type: 'question',
    buttons: ['Cancel', 'Switch'],
    defaultId: 1,
    cancelId: 0,
    message: `View this window as ${principalLabel(principal)}?`,
    detail: principal.kind === 'operator' ? "The operator sees and can gc every owner's rows." : "The window will show only this owner's rows.",
  };
  const { response } = window ? await dialog.showMessageBox(window, options) : await dialog.showMessageBox(options);
  return response === 1;
}

/**
 * Native confirmation before a deep link opens a file the user has not opened before (as File › Open shows the
 * path it opens): the full path is shown; true when confirmed.
 */
export async function confirmLinkedFile(window: BrowserWindow | undefined, path: string): Promise<boolean> {
  const options: MessageBoxOptions = {
    type: 'question',
    buttons: ['Cancel', 'Open'],
    defaultId: 1,
    cancelId: 0,
    message: 'A link asks to open a scratchpad file you have not opened before',
    detail: `${path}\n\nOpen it? The link cannot change who you view as.`,
  };
  const { response } = window ? await dialog.showMessageBox(window, options) : await dialog.showMessageBox(options);
  return response === 1;
}

/** The Electron {@link Dialogs}: native dialogs attached to the session's window. */
export function electronDialogs(
  windowOf: (session: WindowSession) => BrowserWindow | undefined,
  downloadsDir: () => string = () => join(homedir(), 'Downloads'),
): Dialogs {
  return {
    async chooseOpenPath(session) {
      const options: OpenDialogOptions = {
        title: 'Open scratchpad file',
        properties: ['openFile'],
        filters: [
          { name: 'SQLite scratchpad', extensions: ['db', 'sqlite', 'sqlite3'] },
          { name: 'All files', extensions: ['*'] },
        ],
      };
      const window = windowOf(session);
      const result = window ? await dialog.showOpenDialog(window, options) : await dialog.showOpenDialog(options);
      return result.canceled ? null : (result.filePaths[0] ?? null);
    },
    async chooseSavePath(session, suggestedName) {
      const options: SaveDialogOptions = { title: 'Export entry', defaultPath: join(downloadsDir(), suggestedName) };
      const window = windowOf(session);
      const result = window ? await dialog.showSaveDialog(window, options) : await dialog.showSaveDialog(options);
      return result.canceled || !result.filePath ? null : result.filePath;
    },
    async choosePrincipal(session, knownOwners) {
      const choices: Principal[] = [{ kind: 'operator' }, ...knownOwners.slice(0, MAX_OWNER_BUTTONS).map((userId): Principal => ({ kind: 'user', userId }))];
      const options: MessageBoxOptions = {
        type: 'question',
        buttons: ['Cancel', ...choices.map((p) => (p.kind === 'operator' ? 'Operator (all owners)' : p.userId))],
        cancelId: 0,
        defaultId: 0,
        message: 'View this window as…',
        detail: `Now: ${principalLabel(session.principal)}.${knownOwners.length > MAX_OWNER_BUTTONS ? ' More owners are in the View menu.' : ''}`,
      };
      const window = windowOf(session);
      const { response } = window ? await dialog.showMessageBox(window, options) : await dialog.showMessageBox(options);
      return response === 0 ? null : (choices[response - 1] ?? null);
    },
  };
}
