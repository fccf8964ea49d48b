/*
 * The outline worker of a tree that parses the whole text (useJsonOutline: a text the store's outline cannot
 * serve). Started when such a tree opens, owned by it (terminated when it closes), so no state crosses from one
 * entry to the next. Most trees never need one: they are drawn from the store's outline (useOutlineTree).
 */

/** A new outline worker for one tree, or null where Workers do not exist (jsdom). The caller terminates it. */
export function takeOutlineWorker(): Worker | null {
  if (typeof Worker === 'undefined') return null;
  return new Worker(new URL('./outline.worker.ts', import.meta.url), { type: 'module' });
}
