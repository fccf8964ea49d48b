import type { EventName, EventPayload, LinkTarget, Principal, SessionInfo } from '../../app/contract';
import type { OpenStoreClient, StoreClient } from '../store/client';
import type { ConnectionPrompts } from './connection';

/**
 * One window's session: the open store and who the window views as. Filled by main when the window opens and
 * changed only by main (native dialogs, the menu); the renderer never supplies either.
 */
export interface WindowSession {
  store: StoreClient;
  principal: Principal;
  /** Pushes an event to this session's window only. */
  readonly emit: <E extends EventName>(event: E, payload: EventPayload<E>) => void;
  /** The entry a deep link asked this window to show before its page could listen; taken once by `link:pending`. */
  pendingLink?: LinkTarget | null;
}

/** Native UI main shows on the renderer's behalf (Electron dialogs in the app, scripted answers in tests). */
export interface Dialogs {
  /** Native open dialog; the chosen path or null when cancelled. */
  chooseOpenPath(session: WindowSession): Promise<string | null>;
  /** Native save dialog with a suggested file name; the chosen path or null when cancelled. */
  chooseSavePath(session: WindowSession, suggestedName: string): Promise<string | null>;
  /** Lets the user pick operator or one of `knownOwners`, with a native confirmation; null when cancelled. */
  choosePrincipal(session: WindowSession, knownOwners: readonly string[]): Promise<Principal | null>;
}

/** Main's own list of recently opened files, most recent first. */
export interface RecentFiles {
  list(): readonly string[];
  add(path: string): void;
}

/** What the handlers need from the outside world; injected so tests and the e2e harness can supply it. */
export interface Services {
  readonly dialogs: Dialogs;
  readonly recentFiles: RecentFiles;
  readonly openStore: OpenStoreClient;
  /** The windows asked for a connection (File › Open connection…); without it `connection:open` is FORBIDDEN. */
  readonly connectionPrompts?: ConnectionPrompts;
  /** Called with one line per slow handler (over `slowMs`, default 250 ms). */
  readonly log?: (line: string) => void;
  readonly slowMs?: number;
}

/** The window's session as the contract shows it; knownOwners only for the operator. */
export async function sessionInfo(session: WindowSession, recentFiles: RecentFiles): Promise<SessionInfo> {
  const { store, principal } = session;
  const knownOwners = principal.kind === 'operator' ? await store.owners(principal) : [];
  return { file: store.path, format: store.format, readonly: store.readonly, principal, knownOwners, recentFiles: [...recentFiles.list()] };
}

/** Switches the session to another principal (main-side decision only) and tells the window. */
export function switchPrincipal(session: WindowSession, principal: Principal): void {
  session.principal = principal;
  session.emit('store:changed', { reason: 'session' });
}

/**
 * Opens `path` (a path from main's dialog or recent list only) and makes it the session's store. On failure the
 * session keeps its store; on success the old store is closed, the path goes to the recent list and the window
 * is told.
 */
export async function switchFile(session: WindowSession, services: Pick<Services, 'openStore' | 'recentFiles'>, path: string): Promise<void> {
  const next = await services.openStore(path);
  const previous = session.store;
  session.store = next;
  // A link's entry belongs to the file it named: it must not be looked up in another.
  session.pendingLink = null;
  services.recentFiles.add(next.path);
  session.emit('store:changed', { reason: 'session' });
  if (previous !== next) await previous.close();
}
