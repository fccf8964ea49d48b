import { useCallback, useEffect, useRef, useState } from 'react';
import { toApiError, useApi, type ApiError } from '../../../api';
import { MAX_SLICE } from '../slice';
import { createOutlineHost, type JsonPath, type JsonRow, type OutlineRequest, type OutlineResponse } from './outline';

/** Largest structured entry the tree loads, in code points (its text lives in the worker, not the page). */
export const MAX_TREE_CODE_POINTS = 64 * 1024 * 1024;

type Channel = { post(request: OutlineRequest): void; close(): void };

/** The outline worker, or the same host in-thread where Workers do not exist (jsdom). */
function openChannel(onMessage: (response: OutlineResponse) => void): Channel {
  if (typeof Worker !== 'undefined') {
    const worker = new Worker(new URL('./outline.worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (event: MessageEvent<OutlineResponse>) => onMessage(event.data);
    return { post: (r) => worker.postMessage(r), close: () => worker.terminate() };
  }
  const host = createOutlineHost();
  let closed = false;
  return {
    post: (r) =>
      queueMicrotask(() => {
        const response = closed ? null : host(r);
        if (response) onMessage(response);
      }),
    close: () => (closed = true),
  };
}

/** Loading state of the tree: how much of the entry was read, then parsed or failed. */
export type OutlineStatus =
  | { readonly step: 'loading'; readonly read: number; readonly total: number }
  | { readonly step: 'ready'; readonly rootKind: JsonRow['kind']; readonly rootSize: number }
  | { readonly step: 'invalid'; readonly message: string }
  | { readonly step: 'error'; readonly error: ApiError };

/**
 * The JSON tree of a structured entry of `total` code points: reads it in window-sized range reads straight into
 * the worker (the page never holds the whole text or the parsed value), parses there, then answers the visible
 * rows for the open containers and the value text at a path (for copy).
 */
export function useJsonOutline(id: string, total: number) {
  const api = useApi();
  const [status, setStatus] = useState<OutlineStatus>({ step: 'loading', read: 0, total });
  const [rows, setRows] = useState<{ rows: JsonRow[]; truncated: boolean } | null>(null);
  const channel = useRef<Channel | null>(null);
  const seq = useRef(0);
  const waiting = useRef(new Map<number, (r: OutlineResponse) => void>());
  const latestRows = useRef(0);

  const ask = useCallback((request: OutlineRequest & { seq: number }) => {
    return new Promise<OutlineResponse>((resolve) => {
      waiting.current.set(request.seq, resolve);
      channel.current?.post(request);
    });
  }, []);

  useEffect(() => {
    let cancelled = false;
    const pending = waiting.current;
    const ch = openChannel((response) => {
      const resolve = waiting.current.get(response.seq);
      waiting.current.delete(response.seq);
      resolve?.(response);
    });
    channel.current = ch;
    (async () => {
      try {
        for (let start = 0; start < total; ) {
          const end = Math.min(total, start + MAX_SLICE.code_points);
          const slice = await api.entryRead({ id, mode: 'range', start, end });
          if (cancelled) return;
          ch.post({ type: 'append', chunk: slice.content });
          start = slice.meta.end > start ? slice.meta.end : end;
          setStatus({ step: 'loading', read: start, total });
        }
        const parsed = await ask({ type: 'parse', seq: ++seq.current });
        if (cancelled || parsed.type !== 'parsed') return;
        setStatus(parsed.ok ? { step: 'ready', rootKind: parsed.rootKind, rootSize: parsed.rootSize } : { step: 'invalid', message: parsed.message });
      } catch (e) {
        if (!cancelled) setStatus({ step: 'error', error: toApiError(e) });
      }
    })();
    return () => {
      cancelled = true;
      ch.close();
      pending.clear();
    };
  }, [api, id, total, ask]);

  const outline = useCallback(
    async (openDepth: number, expanded: ReadonlySet<string>, collapsed: ReadonlySet<string>) => {
      const mine = ++seq.current;
      latestRows.current = mine;
      const response = await ask({ type: 'rows', seq: mine, openDepth, expanded: [...expanded], collapsed: [...collapsed] });
      // Only the latest request's rows are shown (toggles may overtake each other).
      if (response.type === 'rows' && mine === latestRows.current) setRows({ rows: response.rows, truncated: response.truncated });
    },
    [ask],
  );

  const valueAt = useCallback(async (path: JsonPath) => {
    const response = await ask({ type: 'value', seq: ++seq.current, path });
    return response.type === 'value' ? response.text : undefined;
  }, [ask]);

  return { status, rows, outline, valueAt };
}
