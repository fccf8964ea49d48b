import type { FailureCode, Format, Principal } from '../../app/contract';
import { ScratchpadError } from '../../app/scratchpad/types';
import type { ExportProgress, StoreMethod } from './client';

/** Options a worker opens its store with (serialisable subset of the store's OpenOptions). */
export interface WorkerOpenOptions {
  readonly readonly?: boolean;
  readonly nativeBinding?: string;
  readonly busyTimeoutMs?: number;
  readonly maxReadLength?: number;
}

/** `workerData` of the store worker. */
export interface WorkerInit {
  readonly path: string;
  readonly options: WorkerOpenOptions;
  /** Fill a new file with the demo scenario (app/demo) before opening it (first run, user agreed). */
  readonly demo?: boolean;
}

/** An error as it crosses the thread boundary (structured clone drops an Error's own fields). `code`: a ScratchpadError's. */
export interface WireError {
  readonly code?: FailureCode;
  readonly message: string;
}

/** Main -> worker. Ids are unique per client; `close` waits for running exports. */
export type WorkerRequest =
  | { readonly id: number; readonly op: 'call'; readonly method: StoreMethod; readonly args: readonly unknown[] }
  | {
      readonly id: number;
      readonly op: 'export';
      readonly principal: Principal;
      readonly entryId: string;
      readonly targetPath: string;
      readonly chunkBytes?: number;
    }
  | { readonly id: number; readonly op: 'compare'; readonly principal: Principal; readonly leftId: string; readonly rightId: string; readonly context?: number }
  | { readonly id: number; readonly op: 'close' };

/** Worker -> main. */
export type WorkerMessage =
  | { readonly type: 'ready'; readonly path: string; readonly format: Format; readonly readonly: boolean }
  | { readonly type: 'open-failed'; readonly error: WireError }
  | { readonly type: 'result'; readonly id: number; readonly ok: true; readonly value: unknown }
  | { readonly type: 'result'; readonly id: number; readonly ok: false; readonly error: WireError }
  | { readonly type: 'progress'; readonly id: number; readonly progress: ExportProgress };

/** Flattens a thrown value for the wire: a ScratchpadError keeps its code and message; anything else only a message. */
export function toWireError(err: unknown): WireError {
  if (err instanceof ScratchpadError) return { code: err.code, message: err.message };
  return { message: err instanceof Error ? err.message : String(err) };
}
