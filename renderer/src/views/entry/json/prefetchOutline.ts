import type { Api } from '../../../api';
import type { EntryMeta, JsonOutline } from '../../../../../app/contract';
import { MAX_JSON_TREE_CODE_POINTS } from '../../../../../app/common/limits';

/** How long a prefetched outline waits for its tree (ms): a pointer that only passed over the tab leaves it. */
const KEPT_MS = 10_000;

/** The last outline asked for ahead of its tree, taken once by the tree of that entry (same api). */
let ahead: { readonly api: Api; readonly id: string; readonly at: number; readonly answer: Promise<JsonOutline> } | null = null;

/**
 * Starts the store's outline of a structured entry as the user heads for its tree (a pointer over the Content
 * tab, its click or key), before the tree mounts: the tree then takes this answer ({@link takePrefetchedOutline})
 * instead of asking again. A failure is the tree's to report.
 */
export function prefetchJsonOutline(api: Api, meta: EntryMeta): void {
  if (!meta.structured || meta.kind !== 'text' || (meta.lengthCodePoints ?? 0) > MAX_JSON_TREE_CODE_POINTS) return;
  if (ahead?.api === api && ahead.id === meta.id && performance.now() - ahead.at < KEPT_MS) return;
  const answer = api.entryJsonOutline({ id: meta.id });
  answer.catch(() => undefined);
  ahead = { api, id: meta.id, at: performance.now(), answer };
}

/** The outline of `id` asked for ahead by {@link prefetchJsonOutline} (at most KEPT_MS ago), once; else null. */
export function takePrefetchedOutline(api: Api, id: string): Promise<JsonOutline> | null {
  const kept = ahead;
  if (!kept || kept.api !== api || kept.id !== id || performance.now() - kept.at >= KEPT_MS) return null;
  ahead = null;
  return kept.answer;
}
