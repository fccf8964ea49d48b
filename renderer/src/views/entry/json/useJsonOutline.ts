import { useCallback, useEffect, useRef, useState } from 'react';
import { asScratchpadError, useApi, type ScratchpadError } from '../../../api';
import type { ReadResult } from '../../../../../app/contract';
import { MAX_JSON_TREE_CODE_POINTS } from '../../../../../app/common/limits';
import { MAX_SLICE } from '../slice';
import { takeOutlineWorker } from './spareWorker';
import { createOutlineHost, type JsonPath, type JsonRow, type OutlineRequest, type OutlineResponse } from './outline';

/** Largest structured entry the tree loads, in code points (the store outlines no more; see common/limits.ts). */
export const MAX_TREE_CODE_POINTS = MAX_JSON_TREE_CODE_POINTS;

/** Code points of the tree's first read: one view window, so the first answer is small. */
export const FIRST_TREE_READ = MAX_SLICE.code_points;
/**
 * Code points per later read of the tree's text (the page holds one answer at a time; the text goes on to the
 * worker). The cost of opening a large tree is mostly per call. Measured in the ui bench on the 6.8 MB entry
 * (load 0.3-1.8), whole tree open / first rows shown: one view window per read, 4 in flight, 337-355 / 95-110 ms;
 * four windows per read, 2 in flight, 266-272 / 176-200 ms; the same after a first read of one window,
 * 211 / 211 ms (the first rows wait for the second answer's arrival). The whole tree is what a user waits for.
 * Since then the first look's rows are asked of the worker with the first slice (they no longer wait behind the
 * next slices' parse, nor hold the reads back), and the worker is started before Content opens.
 */
export const TREE_READ = 4 * MAX_SLICE.code_points;
/** Reads of the tree's text in flight at once: the next slices are on their way while the worker takes one. */
const READS_AHEAD = 2;
/** Slices between two progress updates of the loading line. */
const PROGRESS_EVERY = 1;

type Channel = { post(request: OutlineRequest): void; close(): void };

/** The outline worker, or the same host in-thread where Workers do not exist (jsdom). */
function openChannel(onMessage: (response: OutlineResponse) => void): Channel {
  const worker = takeOutlineWorker();
  if (worker) {
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

/** Which containers an outline opens, as the worker is asked for it (see outline.ts `Openness`). */
type Openness = { readonly openDepth: number; readonly expanded: readonly string[]; readonly collapsed: readonly string[] };
const opennessKey = (o: Openness) => JSON.stringify([o.openDepth === Infinity ? 'all' : o.openDepth, o.expanded, o.collapsed]);

/** Rows asked for from the worker per window request. */
const WINDOW_ROWS = 200;

/**
 * The last outline as the page holds it: `count` rows in all, `rows` the ones received so far (undefined where
 * not yet asked for; {@link useJsonOutline}'s `need` asks for them), `of` the outline request they belong to.
 */
export type OutlineRows = { readonly of: number; readonly count: number; readonly rows: readonly (JsonRow | undefined)[]; readonly truncated: boolean };

/**
 * Loading state of the tree: how much of the entry was read (`previewed` once a first look from the first slice
 * has rows to show), then parsed or failed.
 */
export type OutlineStatus =
  | { readonly step: 'loading'; readonly read: number; readonly total: number; readonly previewed: boolean }
  | { readonly step: 'ready'; readonly rootKind: JsonRow['kind']; readonly rootSize: number }
  | { readonly step: 'invalid'; readonly message: string }
  | { readonly step: 'error'; readonly error: ScratchpadError };

/**
 * The JSON tree of a structured entry of `total` code points whose text the store's outline cannot serve (see
 * useOutlineTree: a scalar at the top, text that is not JSON, a block that does not parse): reads it in
 * window-sized range reads straight into the worker (the page never holds the whole text or the parsed value), parses there, then answers the visible
 * rows for the open containers and the value text at a path (for copy).
 */
export function useJsonOutline(id: string, total: number, initialOpenDepth = 1) {
  const api = useApi();
  const [status, setStatus] = useState<OutlineStatus>({ step: 'loading', read: 0, total, previewed: false });
  const [rows, setRows] = useState<OutlineRows | null>(null);
  // Blocks of rows asked of the worker for the current outline (so a scroll asks each block once).
  const asked = useRef(new Set<number>());
  const channel = useRef<Channel | null>(null);
  const seq = useRef(0);
  const waiting = useRef(new Map<number, (r: OutlineResponse) => void>());
  const latestRows = useRef(0);
  // The openness of the last outline asked for (the first look and the final parse answer its rows without
  // waiting for a render), and its key once its rows were asked of the worker's current value (a render asking
  // again for the same openness then asks nothing).
  const openness = useRef<Openness>({ openDepth: initialOpenDepth, expanded: [], collapsed: [] });
  const askedFor = useRef<string | null>(null);

  const ask = useCallback((request: OutlineRequest & { seq: number }) => {
    return new Promise<OutlineResponse>((resolve) => {
      waiting.current.set(request.seq, resolve);
      channel.current?.post(request);
    });
  }, []);

  // Asks the worker for the outline of `o`; only the latest request's rows are shown (toggles may overtake each other).
  const requestRows = useCallback(
    (o: Openness) => {
      openness.current = o;
      askedFor.current = opennessKey(o);
      const mine = ++seq.current;
      latestRows.current = mine;
      return ask({ type: 'rows', seq: mine, ...o }).then((response) => {
        if (response.type !== 'rows' || mine !== latestRows.current) return false;
        const all = new Array<JsonRow | undefined>(response.count);
        response.rows.forEach((row, i) => (all[i] = row));
        asked.current = new Set();
        setRows({ of: mine, count: response.count, rows: all, truncated: response.truncated });
        return true;
      });
    },
    [ask],
  );

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
        // Window-sized reads, READS_AHEAD in flight instead of one round trip at a time, appended in
        // order; a slice the store returns shorter
        // than asked (its own cap) is completed before the next one is appended.
        const windows: [number, number][] = [];
        for (let start = 0; start < total; start += start === 0 ? FIRST_TREE_READ : TREE_READ) {
          windows.push([start, Math.min(total, start + (start === 0 ? FIRST_TREE_READ : TREE_READ))]);
        }
        const inFlight: Promise<ReadResult>[] = [];
        const issue = (k: number) => {
          const [start, end] = windows[k]!;
          const read = api.entryRead({ id, mode: 'range', start, end });
          read.catch(() => undefined); // awaited below in order; a read left behind by a cancel must not go unhandled
          inFlight.push(read);
        };
        for (let k = 0; k < Math.min(READS_AHEAD, windows.length); k++) issue(k);
        let previewed = false;
        for (let k = 0; k < windows.length; k++) {
          const slice = await inFlight.shift()!;
          if (cancelled) return;
          if (k + READS_AHEAD < windows.length) issue(k + READS_AHEAD);
          ch.post({ type: 'append', chunk: slice.content });
          const end = windows[k]![1];
          for (let at = slice.meta.end; at < end;) {
            const more = await api.entryRead({ id, mode: 'range', start: at, end });
            if (cancelled) return;
            ch.post({ type: 'append', chunk: more.content });
            at = more.meta.end > at ? more.meta.end : end;
          }
          // A first look from the first slice: the top of the tree shows while the rest is read. Its rows are
          // asked for at once (the worker answers in order, before it takes the next slices), and the reads go
          // on meanwhile.
          if (k === 0 && windows.length > 1) {
            void ask({ type: 'preview', seq: ++seq.current }).then((preview) => {
              if (cancelled || preview.type !== 'parsed' || !preview.ok) return;
              previewed = true;
              setStatus((s) => (s.step === 'loading' ? { ...s, previewed: true } : s));
            });
            void requestRows(openness.current);
          }
          // Progress every few slices: each update renders the tree, which competes with the reads' arrival.
          if (k % PROGRESS_EVERY === 0) setStatus({ step: 'loading', read: end, total, previewed });
        }
        const parsed = ask({ type: 'parse', seq: ++seq.current });
        // The worker answers in order: the rows of the shown openness come right after the parse.
        const rowsShown = requestRows(openness.current);
        const result = await parsed;
        if (cancelled || result.type !== 'parsed') return;
        if (result.ok) await rowsShown;
        if (cancelled) return;
        setStatus(result.ok ? { step: 'ready', rootKind: result.rootKind, rootSize: result.rootSize } : { step: 'invalid', message: result.message });
      } catch (e) {
        if (!cancelled) setStatus({ step: 'error', error: asScratchpadError(e) });
      }
    })();
    return () => {
      cancelled = true;
      ch.close();
      pending.clear();
    };
  }, [api, id, total, ask, requestRows]);

  const outline = useCallback(
    async (openDepth: number, expanded: ReadonlySet<string>, collapsed: ReadonlySet<string>) => {
      const o = { openDepth, expanded: [...expanded], collapsed: [...collapsed] };
      if (opennessKey(o) === askedFor.current) return;
      await requestRows(o);
    },
    [requestRows],
  );

  // Asks the worker for the rows of [from, to) not here yet, by blocks of WINDOW_ROWS; they arrive as a new state.
  const need = useCallback(
    (from: number, to: number) => {
      if (!rows) return;
      const { of } = rows;
      for (let block = Math.floor(Math.max(0, from) / WINDOW_ROWS); block * WINDOW_ROWS < Math.min(to, rows.count); block++) {
        const start = block * WINDOW_ROWS;
        const end = Math.min(rows.count, start + WINDOW_ROWS);
        if (asked.current.has(block) || rows.rows.slice(start, end).every((r) => r !== undefined)) continue;
        asked.current.add(block);
        void ask({ type: 'window', seq: ++seq.current, of, from: start, to: end }).then((response) => {
          if (response.type !== 'window' || response.rows.length === 0) return;
          setRows((current) => {
            if (!current || current.of !== response.of) return current;
            const next = current.rows.slice();
            response.rows.forEach((row, i) => (next[response.from + i] = row));
            return { ...current, rows: next };
          });
        });
      }
    },
    [rows, ask],
  );

  const valueAt = useCallback(
    async (path: JsonPath) => {
      const response = await ask({ type: 'value', seq: ++seq.current, path });
      return response.type === 'value' ? response.text : undefined;
    },
    [ask],
  );

  return { status, rows, outline, valueAt, need };
}
