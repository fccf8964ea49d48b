import type { EntryMeta, Principal } from '../contract';
import { ScratchpadError, type Scratchpad } from '../scratchpad/types';
import { SCRATCHPAD_SEARCH_TOOL } from './search-tool';
import { SCRATCHPAD_READ_TOOL, type ToolDeclaration } from './tool';

function requireUser(principal: Principal, what: string): void {
  if (principal.kind !== 'user') throw new ScratchpadError('INVALID_ARGUMENT', `${what} acts for a user principal, not the operator`);
}

/** The principal's rows of a turn that a model may still read (not expired at the store's clock). */
async function readableRows(store: Scratchpad, principal: Principal, turnId: string): Promise<EntryMeta[]> {
  return (await store.listForTurn(principal, turnId)).filter((m) => m.expiry !== 'expired');
}

/**
 * The engine's tools to declare to the model for this turn: `[SCRATCHPAD_READ_TOOL, SCRATCHPAD_SEARCH_TOOL]` when the user has at
 * least one row in the turn that has not expired, else `[]` (also for the operator, who never runs a model).
 * Throws what `listForTurn` throws (BUSY, CORRUPT).
 */
export async function toolsForTurn(store: Scratchpad, principal: Principal, turnId: string): Promise<ToolDeclaration[]> {
  if (principal.kind !== 'user') return [];
  return (await readableRows(store, principal, turnId)).length > 0 ? [SCRATCHPAD_READ_TOOL, SCRATCHPAD_SEARCH_TOOL] : [];
}

/**
 * Keeps a turn's rows alive while its dialog is suspended: sets expiresAt = now + ttlSeconds on every row of
 * the turn that the user owns (other users' rows with the same turn id are untouched). Returns the rows changed.
 * Rows that already expired but were not yet removed by gc are renewed too (the store's extendTtl rule).
 * Throws ScratchpadError: INVALID_ARGUMENT for the operator or a ttlSeconds that is not a finite number > 0;
 * READ_ONLY on metnos-v1 or read-only files; BUSY.
 */
export async function suspendTurn(store: Scratchpad, principal: Principal, turnId: string, ttlSeconds: number): Promise<number> {
  requireUser(principal, 'suspendTurn');
  if (!Number.isFinite(ttlSeconds) || ttlSeconds <= 0) {
    throw new ScratchpadError('INVALID_ARGUMENT', `ttlSeconds must be a finite number > 0, got ${ttlSeconds}`);
  }
  return store.extendTtl(principal, { turnId }, ttlSeconds);
}

/** What a resumed turn finds: the rows the model can still read, how many expired, the tools to declare. */
export interface ResumedTurn {
  readonly readable: EntryMeta[];
  readonly expiredCount: number;
  readonly tools: ToolDeclaration[];
}

/**
 * Resumes a suspended turn for its user: lists the turn's rows at the store's clock (readable ones first
 * class, expired ones only counted) and the tools to declare. With `ttlSeconds`, first renews the rows'
 * TTL as {@link suspendTurn} does (to give the resumed dialog a fresh window). Throws as suspendTurn.
 */
export async function resumeTurn(
  store: Scratchpad,
  principal: Principal,
  turnId: string,
  options: { readonly ttlSeconds?: number } = {},
): Promise<ResumedTurn> {
  requireUser(principal, 'resumeTurn');
  if (options.ttlSeconds !== undefined) await suspendTurn(store, principal, turnId, options.ttlSeconds);
  const all = await store.listForTurn(principal, turnId);
  const readable = all.filter((m) => m.expiry !== 'expired');
  return { readable, expiredCount: all.length - readable.length, tools: readable.length > 0 ? [SCRATCHPAD_READ_TOOL, SCRATCHPAD_SEARCH_TOOL] : [] };
}
