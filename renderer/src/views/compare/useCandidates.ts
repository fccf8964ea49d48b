import type { EntryMeta } from '../../../../app/contract';
import { useApi } from '../../api';
import { useQuery, type QueryState } from '../../hooks/useQuery';

/** Entries worth comparing with one entry: the others of its turn, and the same executor's in other turns. */
export interface Candidates {
  readonly sameTurn: readonly EntryMeta[];
  readonly sameExecutor: readonly EntryMeta[];
}

/** Most other turns searched for the same executor (the most recent first). */
export const MAX_OTHER_TURNS = 20;

/**
 * Loads the {@link Candidates} of `entry`: its turn's other entries, and the entries with the same executor name
 * in up to MAX_OTHER_TURNS other turns (found with turns:list's executor filter, then turn:entries).
 */
export function useCandidates(entry: EntryMeta, revision: number): QueryState<Candidates> {
  const api = useApi();
  return useQuery(async () => {
    const sameTurn = (await api.turnEntries({ turnId: entry.turnId })).filter((e) => e.id !== entry.id);
    const executor = entry.executorName;
    if (executor === null) return { sameTurn, sameExecutor: [] };
    const page = await api.turnsList({ query: executor, limit: MAX_OTHER_TURNS + 1 });
    const turns = page.turns.filter((t) => t.turnId !== entry.turnId && t.executors.includes(executor)).slice(0, MAX_OTHER_TURNS);
    const lists = await Promise.all(turns.map((t) => api.turnEntries({ turnId: t.turnId })));
    return { sameTurn, sameExecutor: lists.flat().filter((e) => e.executorName === executor) };
  }, [entry.id, revision]);
}
