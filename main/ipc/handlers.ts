import { CHANNEL_NAMES, CHANNELS, ScratchpadError, type ChannelName, type ChannelRequest, type ChannelResponse, type Envelope } from '../../app/contract';
import { connectionTarget, scrubbed } from './connection';
import { toErrorShape } from './errors';
import { sessionInfo, switchFile, switchPrincipal, type Services, type WindowSession } from './session';

/** Main-side handler of one channel: the session (from the sender, never the request) and the raw, untrusted request. */
export type Handler<C extends ChannelName> = (session: WindowSession, rawRequest: unknown) => Promise<Envelope<ChannelResponse<C>>>;

/** One handler per contract channel, no more, no fewer. */
export type Handlers = { readonly [C in ChannelName]: Handler<C> };

/** What a channel does once its request parsed: the contract's signature plus the leading session. */
type Implementation = { readonly [C in ChannelName]: (session: WindowSession, request: ChannelRequest<C>) => Promise<ChannelResponse<C>> };

const MAX_MESSAGE = 300;

function implementation(services: Services): Implementation {
  const { dialogs, recentFiles } = services;
  return {
    'session:info': (s) => sessionInfo(s, recentFiles),
    'turns:list': (s, req) => s.store.listTurns(s.principal, req),
    'turn:entries': (s, req) => s.store.listForTurn(s.principal, req.turnId),
    'entry:describe': (s, req) => s.store.describe(s.principal, req.id),
    // The app shows the entry's own line numbers: its reads ask for the line facts of the slice (core/scratchpad.ts
    // `withLines`: the stored or already built line index only, never a full scan).
    'entry:read': (s, { id, ...options }) => s.store.read(s.principal, id, { ...options, withLines: true } as typeof options),
    'entry:jsonOutline': (s, req) => s.store.jsonOutline(s.principal, req.id),
    'entry:readLog': (s, req) => s.store.readLog(s.principal, req),
    'entry:export': async (s, { id }) => {
      // Describe first: a missing or foreign id fails before any dialog opens.
      const { meta, detectedType } = await s.store.describe(s.principal, id);
      const extension = meta.kind === 'text' ? (meta.structured ? 'json' : 'txt') : detectedType && detectedType !== 'unknown' ? detectedType : 'bin';
      const target = await dialogs.chooseSavePath(s, `${id}.${extension}`);
      if (target === null) return { path: null, bytesWritten: 0 };
      // At most one event per whole percent: a 500 MB entry arrives in thousands of stored chunks.
      let lastPercent = -1;
      const result = await s.store.exportTo(s.principal, id, target, ({ bytesWritten, totalBytes }) => {
        const percent = totalBytes === 0 ? 100 : Math.floor((bytesWritten * 100) / totalBytes);
        if (percent === lastPercent) return;
        lastPercent = percent;
        s.emit('export:progress', { id, bytesWritten, totalBytes, done: false });
      });
      s.emit('export:progress', { id, bytesWritten: result.bytesWritten, totalBytes: result.totalBytes, done: true });
      return { path: target, bytesWritten: result.bytesWritten };
    },
    'search:query': (s, req) => s.store.search(s.principal, req),
    'entry:compare': (s, req) => s.store.compare(s.principal, req.leftId, req.rightId, req.context),
    'stats:get': async (s) => {
      s.emit('work:progress', { task: 'stats', done: 0, total: 1 });
      const stats = await s.store.stats(s.principal);
      s.emit('work:progress', { task: 'stats', done: 1, total: 1 });
      return stats;
    },
    'gc:preview': (s, req) => s.store.gc(s.principal, req.now === undefined ? { dryRun: true } : { now: req.now, dryRun: true }),
    'gc:run': async (s) => {
      s.emit('work:progress', { task: 'gc', done: 0, total: 1 });
      const result = await s.store.gc(s.principal, { dryRun: false });
      s.emit('work:progress', { task: 'gc', done: 1, total: 1 });
      if (result.deletedRows > 0) s.emit('store:changed', { reason: 'gc' });
      return result;
    },
    'file:open': async (s, { recentIndex }) => {
      let path: string | null;
      if (recentIndex !== undefined) {
        const recent = recentFiles.list();
        path = recent[recentIndex] ?? null;
        if (path === null) throw new ScratchpadError('INVALID_ARGUMENT', `no recent file at index ${recentIndex} (the list has ${recent.length})`);
      } else {
        path = await dialogs.chooseOpenPath(s);
        if (path === null) return null;
      }
      await switchFile(s, services, path);
      return sessionInfo(s, recentFiles);
    },
    'link:pending': async (s) => {
      const link = s.pendingLink ?? null;
      s.pendingLink = null;
      return link;
    },
    'connection:open': async (s, { url, password }) => {
      if (!services.connectionPrompts?.asked(s)) throw new ScratchpadError('FORBIDDEN', 'no connection was asked for: use File › Open connection…');
      const target = connectionTarget(url, password);
      try {
        await switchFile(s, services, target.url);
      } catch (err) {
        throw scrubbed(err, target.secrets);
      }
      services.connectionPrompts.done(s);
      return sessionInfo(s, recentFiles);
    },
    'principal:choose': async (s) => {
      // Main lists every owner: the choice and its confirmation happen in native UI, never in the page.
      const owners = await s.store.owners({ kind: 'operator' });
      const chosen = await dialogs.choosePrincipal(s, owners);
      if (chosen === null) return null;
      switchPrincipal(s, chosen);
      return sessionInfo(s, recentFiles);
    },
  };
}

function describeIssues(channel: string, issues: readonly { path: readonly PropertyKey[]; message: string }[]): string {
  const first = issues[0];
  const where = first && first.path.length > 0 ? ` at ${first.path.map(String).join('.')}` : '';
  return `invalid request for ${channel}${where}: ${first?.message ?? 'rejected'}`.slice(0, MAX_MESSAGE);
}

function wrap<C extends ChannelName>(channel: C, run: Implementation[C], services: Services): Handler<C> {
  const { request, response } = CHANNELS[channel];
  const slowMs = services.slowMs ?? 250;
  return async (session, rawRequest) => {
    const started = performance.now();
    try {
      const parsed = request.safeParse(rawRequest);
      if (!parsed.success) return { ok: false, error: { code: 'INVALID_ARGUMENT', message: describeIssues(channel, parsed.error.issues) } };
      const value = await (run as (s: WindowSession, r: unknown) => Promise<unknown>)(session, parsed.data);
      const checked = response.safeParse(value);
      if (!checked.success) {
        services.log?.(`${channel}: response failed the contract schema`);
        return { ok: false, error: { code: 'INTERNAL', message: 'the main process produced an invalid response' } };
      }
      return { ok: true, value: checked.data as ChannelResponse<C> };
    } catch (err) {
      const shape = toErrorShape(err);
      if (shape.code === 'INTERNAL') services.log?.(`${channel}: unexpected failure: ${err instanceof Error ? err.name : typeof err}`);
      return { ok: false, error: shape };
    } finally {
      const ms = performance.now() - started;
      if (ms > slowMs) services.log?.(`${channel}: slow handler, ${ms.toFixed(0)} ms`);
    }
  };
}

/**
 * Builds the handler table from the contract's CHANNELS: each handler parses the raw request with the channel's
 * schema (INVALID_ARGUMENT on failure), runs it for the session's principal, checks the response against the
 * contract (extra fields stripped; INTERNAL on mismatch) and maps every failure to `{ code, message }`.
 * Never throws.
 */
export function createHandlers(services: Services): Handlers {
  const impl = implementation(services);
  const table: Partial<Record<ChannelName, unknown>> = {};
  for (const channel of CHANNEL_NAMES) table[channel] = wrap(channel, impl[channel], services);
  return table as Handlers;
}
