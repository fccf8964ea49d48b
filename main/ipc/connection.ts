import { isPostgresUrl, redactSecrets } from '../../app/scratchpad/postgres/url';
import { ScratchpadError } from '../../app/scratchpad/types';
import type { WindowSession } from './session';

/**
 * The windows main has asked for a connection (File › Open connection…). `connection:open` is honoured only for
 * them, so a page cannot make main connect anywhere on its own; a window stays asked until a connection opens
 * (a wrong password can be typed again) or it closes (the set holds sessions weakly).
 */
export interface ConnectionPrompts {
  /** Marks `session`'s window as asked. */
  ask(session: WindowSession): void;
  /** True while `session`'s window is asked. */
  asked(session: WindowSession): boolean;
  /** The connection opened: no longer asked. */
  done(session: WindowSession): void;
}

/** A {@link ConnectionPrompts} over a WeakSet of sessions. */
export function createConnectionPrompts(): ConnectionPrompts {
  const asked = new WeakSet<WindowSession>();
  return { ask: (s) => void asked.add(s), asked: (s) => asked.has(s), done: (s) => void asked.delete(s) };
}

/**
 * The URL to open for what the dialog sent: `url` must be a postgres:// or postgresql:// URL (INVALID_ARGUMENT
 * otherwise: the dialog never opens a file path), `password` (optional) replaces any password in it. Returns the
 * URL and the secrets to scrub from any message about it.
 */
export function connectionTarget(url: string, password: string | undefined): { url: string; secrets: string[] } {
  const trimmed = url.trim();
  if (!isPostgresUrl(trimmed))
    throw new ScratchpadError('INVALID_ARGUMENT', 'a connection is a postgres:// or postgresql:// URL, for example postgres://user@host:5432/database');
  let parsed: URL;
  try {
    parsed = new URL(trimmed);
  } catch {
    throw new ScratchpadError('INVALID_ARGUMENT', 'the connection URL is malformed (expected postgres://user@host:port/database)');
  }
  const typed = decodeURIComponent(parsed.password);
  if (password !== undefined && password !== '') parsed.password = encodeURIComponent(password);
  return {
    url: password !== undefined && password !== '' ? parsed.toString() : trimmed,
    secrets: [typed, password ?? '', parsed.password].filter((s) => s !== ''),
  };
}

/**
 * `err` with every secret scrubbed from its message, code kept (the store's errors already are scrubbed; this
 * guards the rest). Anything but a ScratchpadError is returned as it is: it becomes INTERNAL with a generic
 * message anyway.
 */
export function scrubbed(err: unknown, secrets: readonly string[]): unknown {
  if (!(err instanceof ScratchpadError)) return err;
  const message = redactSecrets(err.message, secrets);
  return message === err.message ? err : new ScratchpadError(err.code, message);
}
