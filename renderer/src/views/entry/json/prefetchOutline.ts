import type { Api } from '../../../api';
import type { EntryMeta, JsonOutline } from '../../../../../app/contract';
import { MAX_JSON_TREE_CODE_POINTS } from '../../../../../app/common/limits';

/** How long a prefetched outline waits for its tree (ms): a pointer that only passed over the tab leaves it. */
const KEPT_MS = 10_000;
/**
 * How long an entry stays selected before its outline is asked for (ms): longer than a held arrow key's repeat
 * (25-40 ms on the usual systems), so browsing through entries asks for none of the entries passed over, and
 * much shorter than a look at "What the model saw" before the Content tab.
 */
export const SELECTION_DWELL_MS = 50;

/** The last outline asked for ahead of its tree, taken once by the tree of that entry (same api). */
let ahead: { readonly api: Api; readonly id: string; readonly at: number; readonly answer: Promise<JsonOutline> } | null = null;
/** The last outline asked for, ahead or by its tree: not asked again ahead within KEPT_MS (main would only share it). */
let asked: { readonly api: Api; readonly id: string; readonly at: number } | null = null;

/** True for an entry whose tree is drawn from the store's outline: structured text the outline takes. */
function outlinable(meta: EntryMeta): boolean {
  return meta.structured && meta.kind === 'text' && (meta.lengthCodePoints ?? 0) <= MAX_JSON_TREE_CODE_POINTS;
}

/**
 * Starts the store's outline of a structured entry as the user heads for its tree (a pointer over the Content
 * tab, its click or key), before the tree mounts: the tree then takes this answer ({@link takePrefetchedOutline})
 * instead of asking again. A failure is the tree's to report. Returns the answer, or null when nothing was asked
 * (not an outlined entry, or its outline already asked for).
 */
export function prefetchJsonOutline(api: Api, meta: EntryMeta): Promise<JsonOutline> | null {
  if (!outlinable(meta)) return null;
  if (asked?.api === api && asked.id === meta.id && performance.now() - asked.at < KEPT_MS) return null;
  const answer = api.entryJsonOutline({ id: meta.id });
  answer.catch(() => undefined);
  asked = { api, id: meta.id, at: performance.now() };
  ahead = { ...asked, answer };
  return answer;
}

/** The outline of `id` for its tree: the one asked for ahead ({@link takePrefetchedOutline}), else asked now. */
export function outlineForTree(api: Api, id: string): Promise<JsonOutline> {
  const kept = takePrefetchedOutline(api, id);
  if (kept) return kept;
  asked = { api, id, at: performance.now() };
  return api.entryJsonOutline({ id });
}

/** The outline of `id` asked for ahead by {@link prefetchJsonOutline} (at most KEPT_MS ago), once; else null. */
export function takePrefetchedOutline(api: Api, id: string): Promise<JsonOutline> | null {
  const kept = ahead;
  if (!kept || kept.api !== api || kept.id !== id || performance.now() - kept.at >= KEPT_MS) return null;
  ahead = null;
  return kept.answer;
}

// The selection's outline: the entry selected (and its dwell timer), the one outline asked for on a selection
// still running in main, and the entry to ask for once it ends.
type Selected = { readonly api: Api; readonly meta: EntryMeta; timer: ReturnType<typeof setTimeout> | null };
let selected: Selected | null = null;
let running: { readonly api: Api } | null = null;
let next: { readonly api: Api; readonly meta: EntryMeta } | null = null;

function askForSelected(api: Api, meta: EntryMeta): void {
  if (running?.api === api) {
    next = { api, meta };
    return;
  }
  const answer = prefetchJsonOutline(api, meta);
  if (!answer) return;
  const mine = { api };
  running = mine;
  const ended = () => {
    if (running !== mine) return;
    running = null;
    const waiting = next;
    next = null;
    // Only the entry still selected: the others were passed over while the scan ran.
    if (waiting && selected?.api === waiting.api && selected.meta.id === waiting.meta.id) askForSelected(waiting.api, waiting.meta);
  };
  answer.then(ended, ended);
}

/**
 * The selected entry (null: none) changed: once a structured entry has stayed selected {@link SELECTION_DWELL_MS},
 * its outline is asked for ({@link prefetchJsonOutline}), so main scans it while the user looks at what the
 * model saw and the tree opens from a finished scan. At most one such outline runs at a time: an entry selected
 * meanwhile waits for it and is asked for only if it is still the selected one when it ends (browsing through
 * large JSON entries never queues their scans); a selection that moves on before its dwell asks for nothing.
 */
export function selectForOutline(api: Api, meta: EntryMeta | null): void {
  if (selected?.api === api && selected.meta.id === meta?.id) return;
  if (selected?.timer) clearTimeout(selected.timer);
  selected = null;
  if (next && (next.api !== api || next.meta.id !== meta?.id)) next = null;
  if (!meta || !outlinable(meta)) return;
  const mine: Selected = { api, meta, timer: null };
  mine.timer = setTimeout(() => {
    mine.timer = null;
    if (selected === mine) askForSelected(api, meta);
  }, SELECTION_DWELL_MS);
  selected = mine;
}
