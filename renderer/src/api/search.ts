import { ReadModeSchema, type ReadResult, type SearchRequest, type SearchResult } from '../../../app/contract';
import { ApiError, type Api } from './client';

/*
 * Search and lines reads through the api. The `search:query` channel and the `lines` read mode are added to the
 * contract by the store's search work; until a build has them these helpers say so (typed errors, never a crash),
 * so the views can show "not available" instead of failing.
 */

type SearchMethod = (request: SearchRequest) => Promise<SearchResult>;

function searchMethod(api: Api): SearchMethod | undefined {
  const method = (api as unknown as { searchQuery?: SearchMethod }).searchQuery;
  return typeof method === 'function' ? method : undefined;
}

/** True when the api has the `search:query` channel. */
export function canSearch(api: Api): boolean {
  return searchMethod(api) !== undefined;
}

/**
 * One page of `search:query`: hits with code-point (text) or byte (binary) offsets, the next cursor, bytes scanned.
 * Throws ApiError (INVALID_ARGUMENT for a bad pattern, naming the position; UNAVAILABLE-like INTERNAL when the
 * channel is missing).
 */
export function searchQuery(api: Api, request: SearchRequest): Promise<SearchResult> {
  const method = searchMethod(api);
  if (!method) return Promise.reject(new ApiError('INTERNAL', 'Search is not available in this build.'));
  return method(request);
}

/** True when the contract's read modes include `lines` (line-based reads for "go to line"). */
export function canReadLines(): boolean {
  return (ReadModeSchema.options as readonly string[]).includes('lines');
}

/** Reads lines [start, end) (0-based) of a text entry; meta gives the code-point offsets of the slice. */
export function readLines(api: Api, id: string, start: number, end: number): Promise<ReadResult> {
  const read = api.entryRead as unknown as (request: { id: string; mode: 'lines'; start: number; end: number }) => Promise<ReadResult>;
  return read({ id, mode: 'lines', start, end });
}
