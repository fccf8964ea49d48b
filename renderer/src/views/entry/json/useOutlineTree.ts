import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { asScratchpadError, useApi, type ScratchpadError } from '../../../api';
import type { JsonOutline, JsonOutlineBlock, JsonOutlineNode } from '../../../../../app/contract/json-outline';
import { MAX_SLICE } from '../slice';
import type { JsonPath, JsonRow, Openness } from './outline';
import { blockDocument, givenTexts, locate, outlineIndex } from './outlineTree';
import { outlineForTree } from './prefetchOutline';

/** Rows of the first screen: their blocks are read before the tree shows, so it shows no empty rows. */
const FIRST_SCREEN_ROWS = 100;
/** Rows computed around the one asked for (the rows in view and the virtualizer's overscan). */
const ROW_WINDOW = 300;

/** The rows of the current outline: `count` in all, `rowAt(i)` undefined while its block is being read. */
export type TreeView = { readonly count: number; readonly truncated: boolean; readonly rowAt: (index: number) => JsonRow | undefined };

/** What the tree shows while the outline is computed, then of its root (or why it cannot). */
export type OutlineTreeStatus =
  | { readonly step: 'outlining' }
  | { readonly step: 'ready'; readonly rootKind: JsonRow['kind']; readonly rootSize: number }
  | { readonly step: 'error'; readonly error: ScratchpadError };

/**
 * The JSON tree of structured entry `id` from the store's outline (IPC `entry:jsonOutline`, one scan where the
 * store lives): the tree shows as soon as the outline and the blocks of its first screen are here, and the
 * blocks of values in view are read by range (at most a block's code points each) and parsed as the view
 * scrolls or a container opens. `fallback` is true when the outline cannot serve (text that is not JSON or has a
 * scalar at the top, a block that does not parse): the caller then parses the whole text (useJsonOutline).
 */
export function useOutlineTree(id: string, initialOpenDepth: number) {
  const api = useApi();
  const [outline, setOutline] = useState<JsonOutline | null>(null);
  const [error, setError] = useState<ScratchpadError | null>(null);
  const [fallback, setFallback] = useState(false);
  const [openness, setOpenness] = useState<Openness>(() => ({ openDepth: initialOpenDepth, expanded: new Set(), collapsed: new Set() }));
  // Parsed blocks (kept: a toggled path is always in a block read) and the version that says they changed.
  const loaded = useRef(new Map<JsonOutlineBlock, object>());
  const reading = useRef(new Set<JsonOutlineBlock>());
  const [version, setVersion] = useState(0);
  const alive = useRef(true);

  /** The text [start, end) of the entry, in reads of at most a view window. */
  const readRange = useCallback(
    async (start: number, end: number) => {
      let text = '';
      for (let at = start; at < end;) {
        const slice = await api.entryRead({ id, mode: 'range', start: at, end: Math.min(end, at + MAX_SLICE.code_points) });
        text += slice.content;
        if (slice.meta.end <= at) break;
        at = slice.meta.end;
      }
      return text;
    },
    [api, id],
  );

  /** Reads and parses `blocks` (each once); resolves when they are in `loaded`. */
  const read = useCallback(
    async (blocks: readonly { block: JsonOutlineBlock; kind: JsonOutlineNode['kind'] }[]) => {
      const wanted = blocks.filter(({ block }) => !loaded.current.has(block) && !reading.current.has(block));
      if (wanted.length === 0) return;
      for (const { block } of wanted) reading.current.add(block);
      try {
        await Promise.all(
          wanted.map(async ({ block, kind }) => {
            if (block.type !== 'values') return;
            const text = await readRange(block.start, block.end);
            loaded.current.set(block, JSON.parse(blockDocument(kind, text)) as object);
          }),
        );
      } catch (e) {
        // A block that does not parse (the outline checks the structure, not each scalar): the whole-text
        // parse gives the engine's own message. A failed read shows as the tree's error.
        if (!alive.current) return;
        if (e instanceof SyntaxError) setFallback(true);
        else setError(asScratchpadError(e));
        return;
      } finally {
        for (const { block } of wanted) reading.current.delete(block);
      }
      if (alive.current) setVersion((v) => v + 1);
    },
    [readRange],
  );

  useEffect(() => {
    alive.current = true;
    (async () => {
      try {
        const answer = await outlineForTree(api, id);
        if (!alive.current) return;
        if (answer.root === null) return setFallback(true);
        // The blocks whose text came with the outline, then the rest of the first screen's before the tree
        // shows (no empty rows flash).
        try {
          for (const { block, kind, text } of givenTexts(answer.root)) loaded.current.set(block, JSON.parse(blockDocument(kind, text)) as object);
        } catch {
          return setFallback(true); // as a block read that does not parse
        }
        const first = outlineIndex(answer.root, loaded.current, openness).missing(0, FIRST_SCREEN_ROWS);
        await read(first);
        if (alive.current) setOutline(answer);
      } catch (e) {
        if (alive.current) setError(asScratchpadError(e));
      }
    })();
    return () => {
      alive.current = false;
    };
    // The openness at the start only: later ones ask for their blocks through `need`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [api, id, read]);

  const index = useMemo(() => (outline?.root ? outlineIndex(outline.root, loaded.current, openness) : null), [outline, openness, version]); // eslint-disable-line react-hooks/exhaustive-deps

  const view = useMemo<TreeView | null>(() => {
    if (!index) return null;
    let from = 0;
    let rows: (JsonRow | undefined)[] = [];
    return {
      count: index.count,
      truncated: index.truncated,
      rowAt(i) {
        if (i < from || i >= from + rows.length) {
          from = Math.max(0, i - ROW_WINDOW / 3);
          rows = index.rows(from, from + ROW_WINDOW);
        }
        return rows[i - from];
      },
    };
  }, [index]);

  const status: OutlineTreeStatus = error
    ? { step: 'error', error }
    : outline?.root
      ? { step: 'ready', rootKind: outline.root.kind, rootSize: outline.root.size }
      : { step: 'outlining' };

  const setOpen = useCallback((openDepth: number, expanded: ReadonlySet<string>, collapsed: ReadonlySet<string>) => {
    setOpenness((o) => (o.openDepth === openDepth && o.expanded === expanded && o.collapsed === collapsed ? o : { openDepth, expanded, collapsed }));
  }, []);

  // Reads the blocks of rows [from, to) not read yet; they show once parsed.
  const need = useCallback(
    (from: number, to: number) => {
      if (index) void read(index.missing(from, to));
    },
    [index, read],
  );

  const valueAt = useCallback(
    async (path: JsonPath) => {
      const root = outline?.root;
      if (!root) return undefined;
      const at = locate(root, loaded.current, path);
      if (!at) return undefined;
      const value = 'value' in at ? at.value : JSON.parse(await readRange(at.start, at.end));
      return JSON.stringify(value, null, 2);
    },
    [outline, readRange],
  );

  return { status, view, fallback, outline: setOpen, need, valueAt };
}
