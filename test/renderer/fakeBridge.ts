// Small in-memory fake of window.scratchpad for component tests only (the real bridge is tested in test/main
// and end to end). It slices text in code points and binary in bytes like the contract says.
import { fakeSearchQuery } from './fakeSearch';
import { createJsonOutliner, withFirstTexts } from '../../app/scratchpad/core/json-outline';
import { entryExpiresAt } from '../../app/contract';
import type {
  EntryDescription,
  EntryMeta,
  Envelope,
  ErrorCode,
  EventName,
  EventPayload,
  LinkTarget,
  ReadLogEntry,
  ScratchpadBridge,
  SessionInfo,
} from '../../app/contract';

export type FakeEntry = { meta: EntryMeta; content: string | Uint8Array; description?: Partial<EntryDescription> };

const ok = <T>(value: T): Envelope<T> => ({ ok: true, value });
const fail = (code: ErrorCode, message: string): Envelope<never> => ({ ok: false, error: { code, message } });

/** A meta with defaults, times in Unix seconds. */
export function meta(overrides: Partial<EntryMeta> & { id: string }): EntryMeta {
  return {
    turnId: 'turn-1',
    stepNum: 1,
    executorName: 'web_fetch',
    kind: 'text',
    structured: false,
    sizeBytes: 0,
    lengthCodePoints: 0,
    summary: 'summary',
    createdAt: 1_700_000_000,
    expiresAt: 1_700_086_400,
    expiry: 'live',
    owner: 'alice',
    actor: null,
    channel: null,
    ...overrides,
  };
}

function toBase64(bytes: Uint8Array): string {
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s);
}

/** Builds the fake; `emit` pushes an event to subscribed listeners; `calls` records every method call. */
export function fakeBridge(
  entries: FakeEntry[],
  options: { readLog?: ReadLogEntry[]; session?: Partial<SessionInfo>; lines?: boolean; pendingLink?: LinkTarget; outlineBlockCodePoints?: number } = {},
) {
  let pendingLink = options.pendingLink ?? null;
  const search = fakeSearchQuery(entries);
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  const calls: { method: string; request: unknown }[] = [];
  const find = (id: string) => entries.find((e) => e.meta.id === id);
  const record = <R>(method: string, request: unknown, result: R): Promise<R> => {
    calls.push({ method, request });
    return Promise.resolve(result);
  };
  const session: SessionInfo = {
    file: '/tmp/a.db',
    format: 'v2',
    readonly: false,
    principal: { kind: 'operator' },
    knownOwners: [],
    recentFiles: [],
    ...options.session,
  };

  const bridge = {
    sessionInfo: (r: unknown) => record('sessionInfo', r, ok(session)),
    turnsList: (r: unknown) => {
      const turnIds = [...new Set(entries.map((e) => e.meta.turnId))];
      const turns = turnIds.map((turnId) => {
        const rows = entries.filter((e) => e.meta.turnId === turnId).map((e) => e.meta);
        return {
          turnId,
          entryCount: rows.length,
          totalBytes: rows.reduce((s, m) => s + m.sizeBytes, 0),
          firstCreatedAt: Math.min(...rows.map((m) => m.createdAt)),
          lastCreatedAt: Math.max(...rows.map((m) => m.createdAt)),
          earliestExpiresAt: Math.min(...rows.map((m) => entryExpiresAt(m))),
          expiredCount: 0,
          executors: [...new Set(rows.map((m) => m.executorName ?? ''))],
          owners: [...new Set(rows.map((m) => m.owner ?? ''))],
        };
      });
      return record('turnsList', r, ok({ turns, nextCursor: null }));
    },
    turnEntries: (r: { turnId: string }) => record('turnEntries', r, ok(entries.filter((e) => e.meta.turnId === r.turnId).map((e) => e.meta))),
    entryDescribe: (r: { id: string }) => {
      const e = find(r.id);
      if (!e) return record('entryDescribe', r, fail('NOT_FOUND', `No entry ${r.id}.`));
      return record('entryDescribe', r, ok({ meta: e.meta, sha256: 'ab'.repeat(32), handle: null, detectedType: null, ...e.description }));
    },
    entryRead: (r: { id: string; mode: string; n?: number; start?: number; end?: number }) => {
      const e = find(r.id);
      if (!e) return record('entryRead', r, fail('NOT_FOUND', `No entry ${r.id}.`));
      const text = typeof e.content === 'string';
      const units: string[] | Uint8Array = text ? Array.from(e.content as string) : (e.content as Uint8Array);
      const total = units.length;
      let start = 0;
      let end = total;
      if (r.mode === 'head') end = Math.min(total, r.n ?? total);
      else if (r.mode === 'tail') start = Math.max(0, total - (r.n ?? total));
      else if (r.mode === 'range') {
        start = Math.min(total, r.start ?? 0);
        end = Math.min(total, r.end ?? total);
      } else if (r.mode === 'lines' && text) {
        // Lines [start, end), 0-based: code-point offsets of the first line's start and the last line's end.
        const starts = [0];
        (units as string[]).forEach((c, i) => c === '\n' && starts.push(i + 1));
        start = starts[Math.min(r.start ?? 0, starts.length - 1)] ?? total;
        const after = starts[r.end ?? starts.length];
        end = after === undefined ? total : Math.max(start, after - 1);
      }
      const content = text ? (units as string[]).slice(start, end).join('') : toBase64((units as Uint8Array).subarray(start, end));
      return record(
        'entryRead',
        r,
        ok({
          content,
          encoding: text ? ('utf8' as const) : ('base64' as const),
          meta: {
            id: r.id,
            kind: e.meta.kind,
            unit: text ? ('code_points' as const) : ('bytes' as const),
            totalLength: total,
            start,
            end,
            returnedLength: end - start,
            truncated: false,
            // With `lines`, text reads say where they start (1-based line of the entry) and the line count.
            ...(options.lines && text
              ? {
                  startLine: (units as string[]).slice(0, start).filter((c) => c === '\n').length + 1,
                  totalLines: (units as string[]).filter((c) => c === '\n').length + 1,
                }
              : {}),
          },
        }),
      );
    },
    // Like the store: the outline from one scan of the text's UTF-8 bytes (the store core's own outliner).
    entryJsonOutline: (r: { id: string }) =>
      record(
        'entryJsonOutline',
        r,
        (async () => {
          const e = find(r.id);
          if (!e) return fail('NOT_FOUND', `No entry ${r.id}.`);
          const content = e.content;
          if (typeof content !== 'string') return fail('INVALID_ARGUMENT', `entry ${r.id} is binary`);
          const outliner = createJsonOutliner(options.outlineBlockCodePoints);
          outliner.push(new TextEncoder().encode(content));
          const outline = outliner.end();
          const cps = Array.from(content);
          const root = outline.root && (await withFirstTexts(outline.root, async (start, end) => cps.slice(start, end).join('')));
          return ok({ ...outline, root });
        })(),
      ),
    entryReadLog: (r: { id?: string }) => record('entryReadLog', r, ok((options.readLog ?? []).filter((l) => l.entryId === r.id))),
    entryExport: (r: unknown) => record('entryExport', r, ok({ path: null, bytesWritten: 0 })),
    statsGet: (r: unknown) => record('statsGet', r, fail('INTERNAL', 'not faked')),
    gcPreview: (r: unknown) => record('gcPreview', r, ok({ deletedRows: 0, deletedBytes: 0, now: 1, dryRun: true, turns: [] })),
    gcRun: (r: unknown) => record('gcRun', r, ok({ deletedRows: 0, deletedBytes: 0, now: 1, dryRun: false, turns: [] })),
    fileOpen: (r: unknown) => record('fileOpen', r, ok(null)),
    searchQuery: (r: Parameters<typeof search>[0]) => record('searchQuery', r, search(r)),
    principalChoose: (r: unknown) => record('principalChoose', r, ok(null)),
    // Like main: the window's pending link once, then null.
    linkPending: (r: unknown) => {
      const link = pendingLink;
      pendingLink = null;
      return record('linkPending', r, ok(link));
    },
    connectionOpen: (r: { url: string }) =>
      record(
        'connectionOpen',
        r,
        r.url.includes('unreachable')
          ? fail('UNAVAILABLE', 'postgres://alice@unreachable:5432/db: cannot reach the server (ECONNREFUSED)')
          : ok({ ...session, file: r.url, format: 'postgres' }),
      ),
    on: (event: string, listener: (payload: unknown) => void) => {
      const set = listeners.get(event) ?? new Set();
      set.add(listener);
      listeners.set(event, set);
      return () => set.delete(listener);
    },
  } as unknown as ScratchpadBridge;

  const emit = <E extends EventName>(event: E, payload: EventPayload<E>) => listeners.get(event)?.forEach((l) => l(payload));
  return { bridge, calls, emit };
}
