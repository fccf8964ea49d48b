// Entry of the store worker thread: owns the better-sqlite3 connection so SQL never runs on main's event loop.
import { parentPort, workerData } from 'node:worker_threads';
import { openScratchpad } from '../../app/scratchpad';
import type { Scratchpad } from '../../app/scratchpad/types';
import { isStoreMethod } from './client';
import { compareForView } from './compare';
import { exportEntryToFile } from './export-file';
import { toWireError, type WorkerInit, type WorkerMessage, type WorkerRequest } from './protocol';

const port = parentPort;
if (!port) throw new Error('store worker must run in a worker thread');
const post = (message: WorkerMessage) => port.postMessage(message);
const init = workerData as WorkerInit;

let pad: Scratchpad | undefined;

/** Opens the store (first writing the demo when asked); main sends no request before `ready`. */
async function start(): Promise<void> {
  try {
    if (init.demo) {
      // Loaded only on the first-run path. The demo writer opens its own connection, which needs the Electron
      // build of the addon inside Electron.
      const { writeDemoDatabase } = await import('../../app/demo');
      await writeDemoDatabase(init.path, { nativeBinding: init.options.nativeBinding, createFolder: true });
    }
    const opened = await openScratchpad(init.path, init.options);
    pad = opened;
    post({ type: 'ready', path: opened.path, format: opened.format, readonly: opened.readonly });
  } catch (err) {
    post({ type: 'open-failed', error: toWireError(err) });
  }
}
void start();

const exports = new Set<Promise<unknown>>();

async function handle(store: Scratchpad, request: WorkerRequest): Promise<void> {
  const { id } = request;
  try {
    switch (request.op) {
      case 'call': {
        if (!isStoreMethod(request.method)) throw new Error('unknown store method');
        const value = await (store[request.method] as (...a: unknown[]) => Promise<unknown>).apply(store, [...request.args]);
        post({ type: 'result', id, ok: true, value });
        return;
      }
      case 'export': {
        const running = exportEntryToFile(
          store,
          request.principal,
          request.entryId,
          request.targetPath,
          (progress) => post({ type: 'progress', id, progress }),
          request.chunkBytes,
        );
        exports.add(running);
        try {
          post({ type: 'result', id, ok: true, value: await running });
        } finally {
          exports.delete(running);
        }
        return;
      }
      case 'compare': {
        post({ type: 'result', id, ok: true, value: await compareForView(store, request.principal, request.leftId, request.rightId, request.context) });
        return;
      }
      case 'close': {
        await Promise.allSettled([...exports]);
        await store.close();
        post({ type: 'result', id, ok: true, value: null });
        port?.close();
        return;
      }
    }
  } catch (err) {
    post({ type: 'result', id, ok: false, error: toWireError(err) });
  }
}

port.on('message', (request: WorkerRequest) => {
  if (pad) void handle(pad, request);
});
