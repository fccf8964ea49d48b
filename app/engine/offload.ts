import type { Principal, SyntheticHandle } from '../contract';
import { ScratchpadError, type Scratchpad } from '../scratchpad/types';
import { DEFAULT_OFFLOAD_THRESHOLD_BYTES, measureObservationBytes } from './measure';
import type { EngineMetrics } from './metrics';

/** Where an observation comes from: the user it belongs to and the step of the turn that produced it. */
export interface OffloadContext {
  /** The user the turn runs for (the row's owner). The operator cannot own rows: put rejects it. */
  readonly principal: Principal;
  readonly turnId: string;
  readonly stepNum: number | null;
  readonly executorName: string | null;
  /** TTL of a stored row in seconds; default the store's (3,600). */
  readonly ttlSeconds?: number;
  readonly actor?: string | null;
  readonly channel?: string | null;
  /** Counters/event hook; see {@link createEngineMetrics}. */
  readonly metrics?: EngineMetrics;
}

/** Options of {@link offloadObservation}. */
export interface OffloadOptions {
  /** Largest size in bytes passed through unchanged; default {@link DEFAULT_OFFLOAD_THRESHOLD_BYTES}. */
  readonly thresholdBytes?: number;
}

/**
 * The offload decision. Measures the observation with {@link measureObservationBytes}; at or below
 * `thresholdBytes` returns it unchanged (the same reference); above, stores it with `store.put` under
 * `ctx.principal` and returns the synthetic handle the model should see instead.
 * Throws ScratchpadError: INVALID_ARGUMENT for a threshold that is not an integer >= 0 or an observation
 * that cannot be serialized; whatever `put` throws (INVALID_ARGUMENT for the operator or bad fields,
 * READ_ONLY, BUSY...). A failed call stores nothing.
 */
export async function offloadObservation<T>(
  store: Scratchpad,
  ctx: OffloadContext,
  observation: T,
  options: OffloadOptions = {},
): Promise<T | SyntheticHandle> {
  const threshold = options.thresholdBytes ?? DEFAULT_OFFLOAD_THRESHOLD_BYTES;
  if (!Number.isSafeInteger(threshold) || threshold < 0) {
    throw new ScratchpadError('INVALID_ARGUMENT', `thresholdBytes must be an integer >= 0, got ${threshold}`);
  }
  const sizeBytes = measureObservationBytes(observation);
  const { turnId, stepNum } = ctx;
  if (sizeBytes <= threshold) {
    ctx.metrics?.record({ type: 'observation_kept', turnId, stepNum, sizeBytes });
    return observation;
  }
  const handle = await store.put(ctx.principal, {
    turnId,
    stepNum,
    executorName: ctx.executorName,
    observation,
    ...(ctx.ttlSeconds !== undefined ? { ttlSeconds: ctx.ttlSeconds } : {}),
    ...(ctx.actor !== undefined ? { actor: ctx.actor } : {}),
    ...(ctx.channel !== undefined ? { channel: ctx.channel } : {}),
  });
  ctx.metrics?.record({ type: 'observation_offloaded', turnId, stepNum, id: handle.scratchpad_id, sizeBytes });
  return handle;
}
