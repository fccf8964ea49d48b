/**
 * Deep links into the app: `scratchpad-inspector://open?db=<path>&id=<entry id>&offset=<code point or byte>`.
 * Isomorphic (the renderer builds them for "Copy link"; main and the CLI parse them). A link names a file and
 * optionally an entry and an offset in it; it never names a principal (who views is main's decision), so any
 * parameter other than db, id and offset is refused.
 */

/** The URL scheme the app registers as a protocol client. */
export const DEEP_LINK_SCHEME = 'scratchpad-inspector';

/** What a deep link asks for. `offset` is in the entry's slice unit (code points for text, bytes for binary). */
export type DeepLink = { readonly db: string; readonly id?: string; readonly offset?: number };

/** Result of {@link parseDeepLink}: the link, or why it is not one (a sentence for the user). */
export type DeepLinkResult = { readonly ok: true; readonly link: DeepLink } | { readonly ok: false; readonly message: string };

const ALLOWED = new Set(['db', 'id', 'offset']);
const MAX_DB = 4096;
const MAX_ID = 128;

/**
 * Parses a deep link. Rules: scheme `scratchpad-inspector:`, action `open`, `db` present once and non-empty (at
 * most 4,096 characters), `id` at most 128 characters, `offset` a whole number >= 0 (safe integer), each at most
 * once, no other parameter. Never throws.
 */
export function parseDeepLink(text: string): DeepLinkResult {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, message: 'not a link (expected scratchpad-inspector://open?db=…)' };
  }
  if (url.protocol !== `${DEEP_LINK_SCHEME}:`) return { ok: false, message: `not a ${DEEP_LINK_SCHEME}: link` };
  const action = (url.host || url.pathname.replace(/^\/+/, '')).replace(/\/+$/, '');
  if (action !== 'open') return { ok: false, message: `unknown action "${action}" (only "open")` };
  for (const key of url.searchParams.keys()) {
    if (!ALLOWED.has(key)) return { ok: false, message: `unknown parameter "${key}" (a link carries db, id and offset only; it never sets who views)` };
    if (url.searchParams.getAll(key).length > 1) return { ok: false, message: `parameter "${key}" given more than once` };
  }
  const db = url.searchParams.get('db');
  if (!db) return { ok: false, message: 'the link names no file (db=…)' };
  if (db.length > MAX_DB) return { ok: false, message: `the file path is longer than ${MAX_DB} characters` };
  const id = url.searchParams.get('id');
  if (id !== null && (id.length === 0 || id.length > MAX_ID)) return { ok: false, message: `the entry id must be 1 to ${MAX_ID} characters` };
  const rawOffset = url.searchParams.get('offset');
  let offset: number | undefined;
  if (rawOffset !== null) {
    if (!/^\d+$/.test(rawOffset) || !Number.isSafeInteger(Number(rawOffset))) return { ok: false, message: 'offset must be a whole number >= 0' };
    if (id === null) return { ok: false, message: 'an offset needs an entry id' };
    offset = Number(rawOffset);
  }
  return { ok: true, link: { db, ...(id !== null ? { id } : {}), ...(offset !== undefined ? { offset } : {}) } };
}

/** Builds the deep link of a file, entry and offset (the inverse of {@link parseDeepLink}). */
export function formatDeepLink(link: DeepLink): string {
  const params = new URLSearchParams({ db: link.db });
  if (link.id !== undefined) params.set('id', link.id);
  if (link.offset !== undefined) params.set('offset', String(link.offset));
  return `${DEEP_LINK_SCHEME}://open?${params.toString()}`;
}
