import type { GcOptions, GcResult, Principal } from '../contract';
import type { Scratchpad } from '../scratchpad/types';
import type { EngineMetrics } from './metrics';

/**
 * Runs the store's gc (rows with expiresAt <= now; a user's own rows, or all rows for the operator) and counts
 * what it deleted in `metrics` (dry runs are not counted). Returns the store's GcResult; throws what gc throws
 * (READ_ONLY, BUSY).
 */
export async function runGc(store: Scratchpad, principal: Principal, options: GcOptions & { readonly metrics?: EngineMetrics } = {}): Promise<GcResult> {
  const { metrics, ...gcOptions } = options;
  const result = await store.gc(principal, gcOptions);
  if (!result.dryRun) metrics?.record({ type: 'gc', deletedRows: result.deletedRows, deletedBytes: result.deletedBytes });
  return result;
}
