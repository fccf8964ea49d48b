import { ScratchpadError } from '../../contract';
import type { Principal, SearchHit, SearchRequest, SearchResult } from '../../contract';
import { EXIT, type ExitCode } from '../exit-codes';
import type { CliIo } from '../io';
import { printJson, stdoutPaint, type CommonArgs } from './common';

/*
 * `grep PATTERN [--id ID | --turn TURN] [-i] [-E] [--hex] [--limit N] [--json]` over the store's `search`
 * (program.ts passes `store.search`; tests may pass another function of the same shape).
 */

/** A hit as the store's search returns it (contract SearchHit). */
export type StoreSearchHit = SearchHit;

/** The store search the command runs (owner-scoped by the store: the principal decides what is scanned). */
export type StoreSearch = (principal: Principal, request: SearchRequest) => Promise<SearchResult>;

/** Arguments of `grep`. */
export interface GrepArgs extends CommonArgs {
  readonly pattern: string;
  readonly id?: string;
  readonly turn?: string;
  /** -i: Unicode case folding. */
  readonly ignoreCase?: boolean;
  /** -E: JavaScript regex. */
  readonly regex?: boolean;
  readonly hex?: boolean;
  /** Most hits printed (all pages are read up to it). Default 1,000. */
  readonly limit?: number;
}

/** Hits asked of the store per call. */
const PAGE = 100;

/** Default and largest --limit. */
export const GREP_DEFAULT_LIMIT = 1_000;
export const GREP_MAX_LIMIT = 100_000;

/** A preview on one line: line breaks and tabs shown as escapes, so one hit is one output line. */
function flat(s: string): string {
  return s.replace(/\r/g, '\\r').replace(/\n/g, '\\n').replace(/\t/g, '\\t');
}

/**
 * Runs the search and prints one line per hit, `id:line:offset: preview` (the match in bold red on a terminal),
 * or with --json one object `{ hits, truncated, scannedBytes, more }`: `truncated` when the time budget cut the
 * scan, `more` when --limit left hits out (on a terminal: a note on stderr, `3 of 22 hits shown`, `103+` when
 * even the page after the limit was not the last). Exit 0 when something matched, 1 when nothing
 * did; USAGE (2) for an empty pattern, --id with --turn or a bad --limit; the store's INVALID_ARGUMENT (invalid
 * regex) maps to 2 through the CLI's error table.
 */
export async function runGrep(search: StoreSearch, args: GrepArgs, io: CliIo): Promise<ExitCode> {
  if (args.pattern === '') throw new ScratchpadError('USAGE', 'PATTERN is empty: give the text (or regex, or hex digits) to search for');
  if (args.id !== undefined && args.turn !== undefined) throw new ScratchpadError('USAGE', 'give at most one of --id and --turn');
  const limit = args.limit ?? GREP_DEFAULT_LIMIT;
  if (!Number.isSafeInteger(limit) || limit < 1 || limit > GREP_MAX_LIMIT)
    throw new ScratchpadError('USAGE', `--limit must be an integer in [1, ${GREP_MAX_LIMIT}]`);
  const hits: StoreSearchHit[] = [];
  let cursor: string | null = null;
  let truncated = false;
  let scannedBytes = 0;
  const page = (n: number, after: string | null) =>
    search(args.principal, {
      pattern: args.pattern,
      regex: args.regex === true,
      caseSensitive: args.ignoreCase !== true,
      hex: args.hex === true,
      ...(args.id === undefined ? {} : { id: args.id }),
      ...(args.turn === undefined ? {} : { turnId: args.turn }),
      limit: n,
      ...(after === null ? {} : { cursor: after }),
    });
  do {
    const r = await page(Math.min(PAGE, limit - hits.length), cursor);
    hits.push(...r.hits);
    scannedBytes += r.scannedBytes;
    truncated ||= r.truncated;
    cursor = r.nextCursor;
  } while (cursor !== null && hits.length < limit && !truncated);
  // --limit stopped a scan that had not ended: one more page says whether (and how many) hits were left out.
  let more = false;
  let found = `${hits.length}`;
  if (cursor !== null && !truncated) {
    const r = await page(PAGE, cursor);
    scannedBytes += r.scannedBytes;
    more = r.hits.length > 0 || r.nextCursor !== null;
    found = `${hits.length + r.hits.length}${r.nextCursor !== null || r.truncated ? '+' : ''}`;
  }
  if (args.json) printJson(io, { hits, truncated, scannedBytes, more });
  else {
    const paint = stdoutPaint(io);
    for (const h of hits) {
      const cps = [...h.preview.text];
      const at = h.preview.matchStart;
      const end = at + h.preview.matchLength;
      const preview = flat(cps.slice(0, at).join('')) + paint('bold', paint('red', flat(cps.slice(at, end).join('')))) + flat(cps.slice(end).join(''));
      io.stdout.write(`${paint('cyan', h.id)}:${paint('green', String(h.line ?? '-'))}:${h.offset}: ${preview}\n`);
    }
    if (truncated) io.stderr.write('note: the time budget cut the search; the hits so far are shown\n');
    if (more) io.stderr.write(`note: ${hits.length} of ${found} hits shown; raise --limit for more\n`);
  }
  return hits.length > 0 ? EXIT.OK : EXIT.NOT_FOUND;
}
