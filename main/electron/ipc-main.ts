// The main-side IPC adapter: the only file where raw ipcMain and webContents.send appear.
import { ipcMain, type IpcMainInvokeEvent, type WebContents } from 'electron';
import { CHANNEL_NAMES, EVENTS, type ChannelName, type Envelope, type EventName, type EventPayload } from '../../app/contract';
import type { Handlers } from '../ipc/handlers';
import type { WindowSession } from '../ipc/session';
import { isOwnPage } from './security';

/** How the adapter finds a sender's session and recognises our page. */
export interface IpcRouting {
  /** The session of a window's webContents id, or undefined for a window main did not open. */
  readonly sessionFor: (webContentsId: number) => WindowSession | undefined;
  /** file:// URL of dist/renderer/index.html. */
  readonly pageUrl: string;
}

const forbidden = (message: string): Envelope<never> => ({ ok: false, error: { code: 'FORBIDDEN', message } });

/** FORBIDDEN unless the sender is the top frame of a window main opened, showing our own page. */
function checkSender(event: IpcMainInvokeEvent, routing: IpcRouting): WindowSession | Envelope<never> {
  const frame = event.senderFrame;
  // A top frame (no parent) showing our page: subframes and any other document are refused.
  if (!frame || frame.parent !== null || !isOwnPage(frame.url, routing.pageUrl)) return forbidden('requests are accepted only from the app page');
  const session = routing.sessionFor(event.sender.id);
  return session ?? forbidden('this window has no session');
}

/**
 * Registers one `ipcMain.handle` per contract channel, and no other. Identity comes from `event.sender` only:
 * the request is handed to the channel's handler untouched (the handler parses it). Returns the unregister function.
 */
export function registerIpc(handlers: Handlers, routing: IpcRouting): () => void {
  for (const channel of CHANNEL_NAMES) {
    const handler = handlers[channel] as (session: WindowSession, raw: unknown) => Promise<Envelope<unknown>>;
    ipcMain.handle(channel, async (event: IpcMainInvokeEvent, rawRequest: unknown) => {
      const checked = checkSender(event, routing);
      if ('ok' in checked) return checked;
      return handler(checked, rawRequest);
    });
  }
  return () => CHANNEL_NAMES.forEach((channel: ChannelName) => ipcMain.removeHandler(channel));
}

/** The `emit` of a window's session: validates the payload against the contract and sends it to that window only. */
export function pushTo(contents: WebContents): WindowSession['emit'] {
  return <E extends EventName>(event: E, payload: EventPayload<E>) => {
    if (contents.isDestroyed()) return;
    contents.send(event, EVENTS[event].parse(payload));
  };
}
