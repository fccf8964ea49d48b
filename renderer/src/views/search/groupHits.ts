import type { SearchHit } from '../../../../app/contract';

/** Hits of one entry, with what the list shows of it. */
export type EntryHits = {
  readonly id: string;
  readonly executorName: string | null;
  readonly stepNum: number | string | null;
  readonly kind: 'text' | 'binary';
  readonly expired: boolean;
  readonly hits: readonly SearchHit[];
};
/** Hits of one turn, entry by entry. */
export type TurnHits = { readonly turnId: string; readonly entries: readonly EntryHits[] };

/** Groups hits by turn, then by entry, each in the order the scan first met it (the store's order). */
export function groupHits(hits: readonly SearchHit[]): TurnHits[] {
  const turns = new Map<string, Map<string, SearchHit[]>>();
  for (const hit of hits) {
    let entries = turns.get(hit.turnId);
    if (!entries) turns.set(hit.turnId, (entries = new Map()));
    let list = entries.get(hit.id);
    if (!list) entries.set(hit.id, (list = []));
    list.push(hit);
  }
  return [...turns].map(([turnId, entries]) => ({
    turnId,
    entries: [...entries].map(([id, list]) => {
      const first = list[0]!;
      return { id, executorName: first.executorName, stepNum: first.stepNum, kind: first.kind, expired: first.expired, hits: list };
    }),
  }));
}

/** One row of the flattened, virtualized hit list: a turn heading, an entry heading, or one hit. */
export type HitRow =
  | { readonly kind: 'turn'; readonly turnId: string }
  | { readonly kind: 'entry'; readonly entry: EntryHits }
  | { readonly kind: 'hit'; readonly hit: SearchHit; readonly entry: EntryHits };

/** Rows of {@link groupHits}' groups in display order: each turn's heading, then each entry's heading and hits. */
export function hitRows(groups: readonly TurnHits[]): HitRow[] {
  const rows: HitRow[] = [];
  for (const turn of groups) {
    rows.push({ kind: 'turn', turnId: turn.turnId });
    for (const entry of turn.entries) {
      rows.push({ kind: 'entry', entry });
      for (const hit of entry.hits) rows.push({ kind: 'hit', hit, entry });
    }
  }
  return rows;
}
