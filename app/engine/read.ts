import type { ErrorShape, Principal, ReadMeta } from '../contract';
import { ScratchpadError, type Scratchpad } from '../scratchpad/types';
import { notFound, toToolError } from './errors';
import type { EngineMetrics } from './metrics';
import { readLinesForTool } from './read-lines';
import { parseScratchpadReadArgs, type ScratchpadReadArgs } from './tool';
import { sliceBounds } from '../common/slices';

/** Default cap of one scratchpad_read, in code points (text) or bytes (binary, before base64). Source: the engine integration's
 * requirements (README "Engine integration"). */
export const DEFAULT_MAX_RETURN_LENGTH = 16_000;

/** Who reads and in which turn: a read sees only this user's live rows of this turn. */
export interface ReadToolContext {
  readonly principal: Principal;
  readonly turnId: string;
  readonly metrics?: EngineMetrics;
}

/** Options of {@link handleScratchpadRead}. */
export interface ReadToolOptions {
  /** Most units one call returns (code points for text, bytes for binary); integer >= 1; default 16,000. */
  readonly maxReturnLength?: number;
}

/** What the tool returns to the model: the store's read result, or an error; never a thrown exception. */
export type ScratchpadReadToolResult =
  | {
      readonly ok: true;
      readonly content: string;
      readonly encoding: 'utf8' | 'base64';
      /** The store's read metadata; `truncated` is true when less than the requested slice came back. */
      readonly meta: ReadMeta;
      readonly truncated: boolean;
      /** When truncated: the `start` of the next slice (in `meta.unit`); mode lines: where the rest of a line longer than the cap starts. */
      readonly nextStart?: number;
      /** Mode lines: the 0-based lines [start, end) returned. */
      readonly lineRange?: { readonly start: number; readonly end: number };
      /** Mode lines, when truncated: the first line not returned whole (the next call's `start`). */
      readonly nextLine?: number;
      /** When truncated: an English note telling the model how to continue. */
      readonly hint?: string;
    }
  | { readonly ok: false; readonly error: ErrorShape };

type Window = { readonly from: number; readonly to: number };
type UnitArgs = ScratchpadReadArgs & { readonly mode: Exclude<ScratchpadReadArgs['mode'], 'lines'> };

/** The slice [from, to) a request asks for, clamped to the value's length `total`. */
function requestedWindow(args: UnitArgs, total: number): Window | ErrorShape {
  const start = args.start ?? 0;
  if (args.mode === 'range' && args.end !== undefined && args.end < start)
    return { code: 'INVALID_ARGUMENT', message: `end (${args.end}) must be >= start (${start})` };
  const bounds = sliceBounds({ mode: args.mode, n: args.n, start, end: args.end }, total);
  return { from: bounds.start, to: bounds.end };
}

function continuationHint(id: string, meta: ReadMeta, to: number): string {
  const unit = meta.unit === 'bytes' ? 'bytes' : 'characters';
  const next = { scratchpad_id: id, mode: 'range', start: meta.end, ...(to < meta.totalLength ? { end: to } : {}) };
  return `Returned ${unit} ${meta.start} to ${meta.end} of ${meta.totalLength}. For the next part call scratchpad_read with ${JSON.stringify(next)}.`;
}

async function recordInLog(store: Scratchpad, ctx: ReadToolContext, mode: ScratchpadReadArgs['mode'], meta: ReadMeta, truncated: boolean): Promise<void> {
  try {
    await store.recordRead(ctx.principal, { entryId: meta.id, mode, start: meta.start, end: meta.end, truncated });
  } catch (e) {
    // metnos-v1 files (and read-only v2 files) keep no read log: the read is still served.
    if (e instanceof ScratchpadError && e.code === 'READ_ONLY') return;
    ctx.metrics?.record({ type: 'read_log_failed', id: meta.id, code: toToolError(e, meta.id).code });
  }
}

async function serve(store: Scratchpad, ctx: ReadToolContext, args: unknown, cap: number): Promise<ScratchpadReadToolResult> {
  if (ctx.principal.kind !== 'user') return fail({ code: 'FORBIDDEN', message: 'scratchpad_read is served to a user principal only' });
  const parsed = parseScratchpadReadArgs(args);
  if (!parsed.ok) return fail(parsed.error);
  const a = parsed.value;
  const id = a.scratchpad_id;
  try {
    // Scoping to the turn's own listing makes foreign, forged and other-turn ids all plain NOT_FOUND.
    const entry = (await store.listForTurn(ctx.principal, ctx.turnId)).find((m) => m.id === id);
    if (!entry) return fail(notFound(id));
    if (entry.expiry === 'expired') return fail({ code: 'NOT_FOUND', message: `scratchpad entry ${JSON.stringify(id)} has expired` });
    if (a.mode === 'lines') {
      const answer = await readLinesForTool(store, ctx.principal, entry, a, cap);
      if ('code' in answer) return fail(answer);
      await recordInLog(store, ctx, 'lines', answer.meta, answer.truncated);
      const m = answer.meta;
      ctx.metrics?.record({ type: 'read_served', id, mode: 'lines', unit: m.unit, start: m.start, end: m.end, truncated: answer.truncated });
      return { ok: true, encoding: 'utf8', ...answer };
    }
    const total =
      entry.kind === 'binary' ? entry.sizeBytes : (entry.lengthCodePoints ?? (await store.read(ctx.principal, id, { mode: 'head', n: 0 })).meta.totalLength);
    const window = requestedWindow(a as UnitArgs, total);
    if ('code' in window) return fail(window);
    const result = await store.read(ctx.principal, id, { mode: 'range', start: window.from, end: Math.min(window.to, window.from + cap) });
    const truncated = result.meta.end < window.to;
    const meta: ReadMeta = { ...result.meta, truncated };
    await recordInLog(store, ctx, a.mode, meta, truncated);
    ctx.metrics?.record({ type: 'read_served', id, mode: a.mode, unit: meta.unit, start: meta.start, end: meta.end, truncated });
    return {
      ok: true,
      content: result.content,
      encoding: result.encoding,
      meta,
      truncated,
      ...(truncated ? { nextStart: meta.end, hint: continuationHint(id, meta, window.to) } : {}),
    };
  } catch (e) {
    return fail(toToolError(e, id));
  }

  function fail(error: ErrorShape): ScratchpadReadToolResult {
    ctx.metrics?.record({ type: 'read_failed', code: error.code });
    return { ok: false, error };
  }
}

/**
 * Serves one `scratchpad_read` call for `ctx.principal` in `ctx.turnId`. Never throws.
 * - `args`: the model's arguments (object or JSON string), checked against SCRATCHPAD_READ_TOOL; bad ones give
 *   INVALID_ARGUMENT naming the field. In range mode `end < start` is INVALID_ARGUMENT; positions past the end
 *   of the value are clamped to it (an empty slice at the end).
 * - Only the principal's own rows of this turn that have not expired are readable: any other id (missing,
 *   another user's, another turn's, forged) is NOT_FOUND; an expired own row is NOT_FOUND "has expired".
 *   The operator is refused with FORBIDDEN: a model always acts for one user.
 * - At most `maxReturnLength` units come back (code points for text, bytes for binary): a longer request
 *   (full, head, tail or range) returns its first slice with `truncated: true` and `nextStart`.
 * - Mode `lines` (text only; app/engine/read-lines.ts): 0-based lines [start, end), negative numbers from the
 *   line count, end default start + n; as many whole lines as fit in the cap, else `truncated` with `nextLine`
 *   (and `nextStart` when one line alone is longer than the cap). A binary entry or an end before start is
 *   INVALID_ARGUMENT; a negative start or end in another mode is INVALID_ARGUMENT from the argument parser.
 * - Every served read is recorded with `store.recordRead` (mode asked, start/end returned, truncation);
 *   READ_ONLY stores (metnos-v1) are skipped silently; other log failures are counted, the read is served.
 * Failures: `{ ok: false, error: { code, message } }` with codes NOT_FOUND, INVALID_ARGUMENT, FORBIDDEN, or
 * the store's BUSY/CORRUPT, or INTERNAL for anything unexpected.
 */
export async function handleScratchpadRead(
  store: Scratchpad,
  ctx: ReadToolContext,
  args: unknown,
  options: ReadToolOptions = {},
): Promise<ScratchpadReadToolResult> {
  try {
    const cap = options.maxReturnLength ?? DEFAULT_MAX_RETURN_LENGTH;
    if (!Number.isSafeInteger(cap) || cap < 1) {
      ctx.metrics?.record({ type: 'read_failed', code: 'INVALID_ARGUMENT' });
      return { ok: false, error: { code: 'INVALID_ARGUMENT', message: `maxReturnLength must be an integer >= 1, got ${cap}` } };
    }
    return await serve(store, ctx, args, cap);
  } catch {
    // Counted like every other failed answer (failedReads), so an INTERNAL never goes unseen.
    try {
      ctx.metrics?.record({ type: 'read_failed', code: 'INTERNAL' });
    } catch {
      // ctx itself may be what failed: the answer still goes back.
    }
    return { ok: false, error: { code: 'INTERNAL', message: 'internal error while reading the scratchpad' } };
  }
}
