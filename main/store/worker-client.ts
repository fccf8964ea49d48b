import { Worker } from 'node:worker_threads';
import { isFailureCode, type CompareView, type Format, type Principal } from '../../app/contract';
import { ScratchpadError } from '../../app/scratchpad/types';
import { STORE_METHODS, type ExportProgress, type ExportResult, type StoreClient, type StoreMethod } from './client';
import type { WireError, WorkerInit, WorkerMessage, WorkerOpenOptions, WorkerRequest } from './protocol';

/** Where the worker entry lives and how to start it. */
export interface WorkerEntry {
  /** URL of the worker script: the bundled `store-worker.js` in the app, `worker.ts` under tsx in tests. */
  readonly url: URL;
  /** Extra Node flags of the worker (tests: `['--import', 'tsx']`). */
  readonly execArgv?: readonly string[];
}

/**
 * Rebuilds an error from the wire by its code: the {@link ScratchpadError} it was; anything else the worker
 * threw (no listed code) INTERNAL, whose message never crosses IPC (main/ipc/errors.ts).
 */
export function fromWireError(error: WireError): ScratchpadError {
  return new ScratchpadError(isFailureCode(error.code) ? error.code : 'INTERNAL', error.message);
}

/** A request without its id (distributes over the union). */
type WorkerRequestBody = WorkerRequest extends infer R ? (R extends WorkerRequest ? Omit<R, 'id'> : never) : never;

interface Pending {
  resolve(value: unknown): void;
  reject(err: Error): void;
  onProgress?: (p: ExportProgress) => void;
}

/**
 * Starts a worker thread that opens `path` (first filling it with demo data when `demo`) and resolves with a {@link StoreClient} talking to it by request id.
 * Rejects with the store's error (e.g. UNSUPPORTED_FORMAT) when the file cannot be opened. When the worker dies,
 * every pending and later call rejects (mapped to INTERNAL by the IPC layer).
 */
export function openWorkerClient(path: string, options: WorkerOpenOptions, entry: WorkerEntry, demo = false): Promise<StoreClient> {
  const init: WorkerInit = { path, options, demo };
  const worker = new Worker(entry.url, { workerData: init, execArgv: entry.execArgv ? [...entry.execArgv] : undefined });
  const pending = new Map<number, Pending>();
  let nextId = 1;
  let stopped: Error | null = null;
  let closing: Promise<void> | null = null;

  const stop = (err: Error) => {
    stopped ??= err;
    for (const p of pending.values()) p.reject(stopped);
    pending.clear();
  };

  const send = (request: WorkerRequestBody, onProgress?: (p: ExportProgress) => void): Promise<unknown> => {
    if (stopped) return Promise.reject(stopped);
    const id = nextId++;
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject, onProgress });
      worker.postMessage({ ...request, id } as WorkerRequest);
    });
  };

  return new Promise<StoreClient>((resolveOpen, rejectOpen) => {
    worker.on('message', (message: WorkerMessage) => {
      switch (message.type) {
        case 'ready':
          resolveOpen(makeClient(message.path, message.format, message.readonly));
          return;
        case 'open-failed':
          stop(fromWireError(message.error));
          rejectOpen(fromWireError(message.error));
          void worker.terminate();
          return;
        case 'progress':
          pending.get(message.id)?.onProgress?.(message.progress);
          return;
        case 'result': {
          const p = pending.get(message.id);
          if (!p) return;
          pending.delete(message.id);
          if (message.ok) p.resolve(message.value);
          else p.reject(fromWireError(message.error));
          return;
        }
      }
    });
    worker.on('error', (err) => {
      const failure = new Error(`store worker failed: ${err.message}`);
      stop(failure);
      rejectOpen(failure);
    });
    worker.on('exit', () => {
      const failure = new Error('store worker stopped');
      stop(failure);
      rejectOpen(failure);
    });
  });

  function makeClient(filePath: string, format: Format, isReadonly: boolean): StoreClient {
    const methods = Object.fromEntries(
      STORE_METHODS.map((method: StoreMethod) => [method, (...args: unknown[]) => send({ op: 'call', method, args })]),
    ) as Pick<StoreClient, StoreMethod>;
    return {
      ...methods,
      path: filePath,
      format,
      readonly: isReadonly,
      exportTo(principal: Principal, entryId: string, targetPath: string, onProgress?: (p: ExportProgress) => void, chunkBytes?: number) {
        return send({ op: 'export', principal, entryId, targetPath, chunkBytes }, onProgress) as Promise<ExportResult>;
      },
      compare(principal: Principal, leftId: string, rightId: string, context?: number) {
        return send({ op: 'compare', principal, leftId, rightId, context }) as Promise<CompareView>;
      },
      close() {
        closing ??= (async () => {
          if (!stopped) await send({ op: 'close' }).catch(() => undefined);
          stop(new Error('store client is closed'));
          await worker.terminate();
        })();
        return closing;
      },
    };
  }
}
