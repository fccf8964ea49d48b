import type { EntryMeta } from '../../../../app/contract';
import { compareStepNum, entryExpiresAt } from '../../../../app/contract/expiry';

/** Entries are listed by step, then creation time (main already orders them; sorting again is cheap and safe). */
export function byStep(a: EntryMeta, b: EntryMeta): number {
  return compareStepNum(a.stepNum, b.stepNum) || a.createdAt - b.createdAt;
}

/** Columns of the entries table that sort, and the value each sorts by. */
export type EntrySortKey = 'step' | 'executor' | 'kind' | 'bytes' | 'codePoints' | 'created' | 'expires';
/** Sort of the entries table: a column and a direction. */
export type EntrySort = { readonly key: EntrySortKey; readonly dir: 'asc' | 'desc' };

const VALUE: Record<EntrySortKey, (e: EntryMeta) => number | string> = {
  step: (e) => (typeof e.stepNum === 'number' ? e.stepNum : e.stepNum === null ? Number.MAX_SAFE_INTEGER : Number(e.stepNum) || Number.MAX_SAFE_INTEGER),
  executor: (e) => e.executorName ?? '',
  kind: (e) => `${e.kind}${e.structured ? ' json' : ''}`,
  bytes: (e) => e.sizeBytes,
  codePoints: (e) => e.lengthCodePoints ?? -1,
  created: (e) => e.createdAt,
  expires: (e) => entryExpiresAt(e),
};

// One collator for all comparisons (`localeCompare` builds one per call).
const COLLATOR = new Intl.Collator();

/** Entries in `sort` order; ties fall back to step order ({@link byStep}), so the order is always the same. */
export function sortEntries(entries: readonly EntryMeta[], sort: EntrySort): EntryMeta[] {
  const value = VALUE[sort.key];
  const sign = sort.dir === 'asc' ? 1 : -1;
  return [...entries].sort((a, b) => {
    const va = value(a);
    const vb = value(b);
    const c = typeof va === 'number' && typeof vb === 'number' ? va - vb : COLLATOR.compare(String(va), String(vb));
    return sign * c || byStep(a, b);
  });
}
