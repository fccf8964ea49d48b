import { describe, expect, it, vi } from 'vitest';
import { ScratchpadError } from '../../app/scratchpad/types';
import { redactUrl } from '../../app/scratchpad/postgres/url';
import { connectionTarget, createConnectionPrompts } from '../../main/ipc/connection';
import { createHandlers } from '../../main/ipc/handlers';
import { createRecentFiles } from '../../main/startup/recent-files';
import type { StoreClient } from '../../main/store/client';
import { ALICE, recordingSession, scriptedDialogs } from './helpers';

vi.mock('electron', () => import('./fake-electron'));
const { menuTemplate } = await import('../../main/electron/menu');

type Item = { label?: string; accelerator?: string; enabled?: boolean; click?: () => void; submenu?: Item[] };

/** A store client standing for an open database: what switchFile and session:info read of it. */
function fakeStore(path: string, format = 'postgres'): StoreClient & { closed: boolean } {
  const store = { path, format, readonly: false, closed: false, close: async () => void (store.closed = true), owners: async () => [] };
  return store as unknown as StoreClient & { closed: boolean };
}

function setup(openStore: (url: string) => Promise<StoreClient>) {
  const prompts = createConnectionPrompts();
  const recent = createRecentFiles(null);
  const handlers = createHandlers({ dialogs: scriptedDialogs().dialogs, recentFiles: recent, openStore, connectionPrompts: prompts });
  const first = fakeStore('/data/first.db', 'v2');
  const { session, events } = recordingSession(first, ALICE);
  return { prompts, recent, handlers, session, events, first };
}

describe('File › Open Connection…', () => {
  it('is a File menu item after Open… with its own accelerator, calling onOpenConnection', () => {
    const calls: string[] = [];
    const template = menuTemplate({
      recentFiles: [],
      principal: ALICE,
      owners: [],
      isMac: false,
      onOpen: () => calls.push('open'),
      onOpenConnection: () => calls.push('connection'),
      onOpenRecent: () => {},
      onNewWindow: () => {},
      onViewAs: () => {},
    }) as Item[];
    const file = template.find((m) => m.label === '&File')?.submenu ?? [];
    const item = file.find((i) => i.label === 'Open Connection…');
    expect([file.indexOf(item!), item?.accelerator, item?.enabled]).toEqual([2, 'CmdOrCtrl+Shift+O', true]);
    item?.click?.();
    expect(calls).toEqual(['connection']);
  });
});

describe('connection:open', () => {
  it('is FORBIDDEN unless main asked this window for a connection, and then opens nothing', async () => {
    const opened: string[] = [];
    const { handlers, session, first } = setup(async (url) => (opened.push(url), fakeStore(redactUrl(url))));
    expect(await handlers['connection:open'](session, { url: 'postgres://alice@db:5432/scratch' })).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
    expect([opened, session.store]).toEqual([[], first]);
  });

  it('opens the URL with the password from its own field; window and recent list get the URL without it', async () => {
    const opened: string[] = [];
    const { prompts, recent, handlers, session, events, first } = setup(async (url) => (opened.push(url), fakeStore(redactUrl(url))));
    prompts.ask(session);
    const result = await handlers['connection:open'](session, { url: ' postgres://alice@db.example:5433/scratch?sslmode=require ', password: 'p@ss w/rd' });
    expect(opened).toEqual(['postgres://alice:p%40ss%20w%2Frd@db.example:5433/scratch?sslmode=require']);
    expect(result).toMatchObject({ ok: true, value: { file: 'postgres://alice@db.example:5433/scratch?sslmode=require', format: 'postgres' } });
    expect(recent.list()).toEqual(['postgres://alice@db.example:5433/scratch?sslmode=require']);
    expect(JSON.stringify([result, recent.list(), events])).not.toContain('p@ss');
    expect(first.closed).toBe(true);
    expect(events).toEqual([{ event: 'store:changed', payload: { reason: 'session' } }]);
    // Answered: asking again needs the menu again.
    expect(prompts.asked(session)).toBe(false);
  });

  it('refuses a file path with INVALID_ARGUMENT (the dialog opens databases only), and stays asked', async () => {
    const opened: string[] = [];
    const { prompts, handlers, session } = setup(async (url) => (opened.push(url), fakeStore(url)));
    prompts.ask(session);
    for (const url of ['/home/alice/scratch.db', 'postgres', 'file:///etc/passwd']) {
      expect(await handlers['connection:open'](session, { url })).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENT' } });
    }
    expect([opened, prompts.asked(session)]).toEqual([[], true]);
  });

  it('reports an unreachable server as UNAVAILABLE with no password in the message, keeps the open store, and lets the user retry', async () => {
    const attempts: string[] = [];
    const { prompts, handlers, session, first } = setup(async (url) => {
      attempts.push(url);
      if (attempts.length === 1) throw new ScratchpadError('UNAVAILABLE', `cannot reach ${url} (ECONNREFUSED)`);
      return fakeStore(redactUrl(url));
    });
    prompts.ask(session);
    const failed = await handlers['connection:open'](session, { url: 'postgres://alice:typed-secret@127.0.0.1:1/db', password: 'field-secret' });
    expect(failed).toMatchObject({ ok: false, error: { code: 'UNAVAILABLE', message: expect.stringContaining('ECONNREFUSED') } });
    expect(JSON.stringify(failed)).not.toMatch(/typed-secret|field-secret/);
    expect(session.store).toBe(first);
    expect(prompts.asked(session)).toBe(true);
    expect(await handlers['connection:open'](session, { url: 'postgres://alice@127.0.0.1:5432/db' })).toMatchObject({
      ok: true,
      value: { file: 'postgres://alice@127.0.0.1:5432/db' },
    });
  });
});

describe('connectionTarget', () => {
  it('keeps a typed password when the field is empty, and lists both as secrets', () => {
    expect(connectionTarget('postgresql://bob:s3cret@h/db', '')).toEqual({ url: 'postgresql://bob:s3cret@h/db', secrets: ['s3cret', 's3cret'] });
    expect(connectionTarget('postgres://bob@h/db', undefined)).toEqual({ url: 'postgres://bob@h/db', secrets: [] });
  });
});
