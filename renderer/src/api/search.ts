import type { ReadResult } from '../../../app/contract';
import type { Api } from './client';

/** Reads lines [start, end) (0-based, terminators dropped) of a text entry; meta gives the code-point offsets of the slice. */
export function readLines(api: Api, id: string, start: number, end: number): Promise<ReadResult> {
  return api.entryRead({ id, mode: 'lines', start, end });
}
