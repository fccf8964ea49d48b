import type { Api } from '../../../api';
import type { EntryMeta } from '../../../../../app/contract';
import { MAX_JSON_TREE_CODE_POINTS } from '../../../../../app/common/limits';

/** The last entry asked for, so a pointer moving over the tab again asks nothing. */
let last: { readonly api: Api; readonly id: string } | null = null;

/**
 * Starts the store's outline of a structured entry as the user heads for its tree (a pointer over the Content
 * tab, its click or key), before the tree mounts: main keeps the outline (and shares a scan still running), so
 * the tree's own request takes it. A failure is left for the tree's request to report.
 */
export function prefetchJsonOutline(api: Api, meta: EntryMeta): void {
  if (!meta.structured || meta.kind !== 'text' || (meta.lengthCodePoints ?? 0) > MAX_JSON_TREE_CODE_POINTS) return;
  if (last?.api === api && last.id === meta.id) return;
  last = { api, id: meta.id };
  api.entryJsonOutline({ id: meta.id }).catch(() => undefined);
}
