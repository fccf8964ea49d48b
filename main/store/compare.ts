import type { CompareView, Principal } from '../../app/contract';
import { withSideBySide } from '../../app/compare';
import { compareEntries } from '../../app/compare/store-source';
import type { Scratchpad } from '../../app/scratchpad/types';

/**
 * Budgets of a comparison the app asks for: smaller than the CLI's, so the answer stays a few MB over IPC and
 * the view stays responsive (the result says `truncated` past them).
 */
const VIEW_BUDGET = { maxChangedLines: 5_000, timeBudgetMs: 8_000 } as const;

/** Compares two entries of `store` for the compare view (side-by-side rows included). NOT_FOUND for missing or foreign ids. */
export async function compareForView(store: Scratchpad, principal: Principal, leftId: string, rightId: string, context = 3): Promise<CompareView> {
  return withSideBySide(await compareEntries(store, principal, leftId, rightId, { ...VIEW_BUDGET, context }));
}
