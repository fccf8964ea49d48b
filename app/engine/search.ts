import type { ErrorShape, SearchHit } from '../contract';
import { ScratchpadError, type Scratchpad } from '../scratchpad/types';
import { notFound, toToolError } from './errors';
import type { ReadToolContext } from './read';
import { parseScratchpadSearchArgs } from './search-tool';

/** What scratchpad_search returns to the model: hits and a cursor, or an error; never a thrown exception. */
export type ScratchpadSearchToolResult =
  | {
      readonly ok: true;
      /** At most 50; previews at most 160 code points (30 each side of a match clipped to 100). */
      readonly hits: readonly Pick<SearchHit, 'id' | 'kind' | 'offset' | 'length' | 'line' | 'preview' | 'stepNum' | 'executorName'>[];
      /** Pass back as `cursor` (same arguments) for more hits; null when the scan is complete. */
      readonly nextCursor: string | null;
      /** True when the time budget cut the scan. */
      readonly truncated: boolean;
    }
  | { readonly ok: false; readonly error: ErrorShape };

/**
 * Serves one `scratchpad_search` call for `ctx.principal` in `ctx.turnId`. Never throws.
 * - Searches only the user's own rows of this turn that have not expired (the store scopes to the owner and the
 *   turn; expired hits are dropped); `scratchpad_id` outside those rows is NOT_FOUND like scratchpad_read's.
 * - The operator is refused with FORBIDDEN. Bad arguments or an invalid regex: INVALID_ARGUMENT.
 * - Read log: the read log keeps reads, so a search records what it showed: one `range` row per hit over the
 *   match [offset, offset + length) (a hit shows the model that much of the row). READ_ONLY stores skip it.
 */
export async function handleScratchpadSearch(store: Scratchpad, ctx: ReadToolContext, args: unknown): Promise<ScratchpadSearchToolResult> {
  try {
    if (ctx.principal.kind !== 'user') return { ok: false, error: { code: 'FORBIDDEN', message: 'scratchpad_search is served to a user principal only' } };
    const parsed = parseScratchpadSearchArgs(args);
    if (!parsed.ok) return { ok: false, error: parsed.error };
    const a = parsed.value;
    const live = (await store.listForTurn(ctx.principal, ctx.turnId)).filter((m) => m.expiry !== 'expired');
    if (a.scratchpad_id !== undefined && !live.some((m) => m.id === a.scratchpad_id)) return { ok: false, error: notFound(a.scratchpad_id) };
    if (live.length === 0) return { ok: true, hits: [], nextCursor: null, truncated: false };
    let result;
    try {
      result = await store.search(ctx.principal, {
        pattern: a.pattern,
        regex: a.regex,
        caseSensitive: a.case_sensitive,
        limit: a.limit,
        ...(a.scratchpad_id === undefined ? { turnId: ctx.turnId } : { id: a.scratchpad_id }),
        ...(a.cursor === undefined ? {} : { cursor: a.cursor }),
      });
    } catch (e) {
      return { ok: false, error: toToolError(e, a.scratchpad_id ?? '') };
    }
    const hits = result.hits
      .filter((h) => !h.expired)
      .map((h) => ({
        id: h.id,
        kind: h.kind,
        offset: h.offset,
        length: h.length,
        line: h.line,
        preview: h.preview,
        stepNum: h.stepNum,
        executorName: h.executorName,
      }));
    for (const h of hits) await recordHit(store, ctx, h.id, h.offset, h.offset + h.length);
    return { ok: true, hits, nextCursor: result.nextCursor, truncated: result.truncated };
  } catch {
    return { ok: false, error: { code: 'INTERNAL', message: 'internal error while searching the scratchpad' } };
  }
}

async function recordHit(store: Scratchpad, ctx: ReadToolContext, id: string, start: number, end: number): Promise<void> {
  try {
    await store.recordRead(ctx.principal, { entryId: id, mode: 'range', start, end, truncated: false });
  } catch (e) {
    if (e instanceof ScratchpadError && e.code === 'READ_ONLY') return;
    ctx.metrics?.record({ type: 'read_log_failed', id, code: toToolError(e, id).code });
  }
}
