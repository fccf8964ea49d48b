/*
 * The outline worker started ahead of use: a module worker takes ~50 ms to fetch, compile and warm up its parser,
 * time that would otherwise sit between opening a JSON tree and its first rows. One spare at most; a tree takes
 * it and owns it (terminates it when it closes), so no state crosses from one entry to the next.
 */

let spare: Worker | null = null;

function startWorker(): Worker {
  return new Worker(new URL('./outline.worker.ts', import.meta.url), { type: 'module' });
}

/** Starts a spare outline worker if none is waiting (no-op where Workers do not exist, as in jsdom). */
export function prestartOutlineWorker(): void {
  if (typeof Worker === 'undefined' || spare) return;
  spare = startWorker();
}

/**
 * An outline worker for one tree: the spare when there is one (already started), else a new one; null where
 * Workers do not exist. The caller owns it and terminates it.
 */
export function takeOutlineWorker(): Worker | null {
  if (typeof Worker === 'undefined') return null;
  const worker = spare ?? startWorker();
  spare = null;
  return worker;
}
