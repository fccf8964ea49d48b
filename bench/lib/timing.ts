/** Median of a non-empty list of numbers. */
export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error('median of an empty list');
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** A timed call: the store's methods are async, so each call is awaited (its cost is part of the figure). */
export type Timed = () => unknown;

/** Milliseconds elapsed while running (and awaiting) `fn` once. */
export async function timeMs(fn: Timed): Promise<number> {
  const t0 = process.hrtime.bigint();
  await fn();
  return Number(process.hrtime.bigint() - t0) / 1e6;
}

/** CPU milliseconds (user + system) this process spent since `start` (a `process.cpuUsage()` reading). */
export function cpuMsSince(start: NodeJS.CpuUsage): number {
  const c = process.cpuUsage(start);
  return (c.user + c.system) / 1000;
}

/** Settings of {@link perCallMs}. */
export interface PerCallOptions {
  /** Timed batches; the figure is the median over them. Default 15. */
  readonly reps?: number;
  /** A batch repeats the call until it lasts about this long (ms), so sub-millisecond calls stay measurable. Default 20. */
  readonly batchMs?: number;
  /** Most calls in one batch. Default 1,000. */
  readonly maxBatch?: number;
}

/**
 * Median time of one call of `fn`, in milliseconds: a warm-up batch, then `reps` batches of the same size, each
 * divided by its call count. The batch size is calibrated from the warm-up so each batch lasts about `batchMs`.
 */
export async function perCallMs(fn: Timed, options: PerCallOptions = {}): Promise<{ ms: number; cpuMs: number; calls: number; samples: number[] }> {
  const reps = options.reps ?? 15;
  const batchMs = options.batchMs ?? 20;
  const maxBatch = options.maxBatch ?? 1_000;
  const first = await timeMs(fn);
  const batch = Math.max(1, Math.min(maxBatch, Math.floor(batchMs / Math.max(first, 1e-3))));
  for (let i = 0; i < batch; i++) await fn();
  const samples: number[] = [];
  const cpu: number[] = [];
  for (let r = 0; r < reps; r++) {
    const c0 = process.cpuUsage();
    samples.push(
      (await timeMs(async () => {
        for (let i = 0; i < batch; i++) await fn();
      })) / batch,
    );
    cpu.push(cpuMsSince(c0) / batch);
  }
  return { ms: median(samples), cpuMs: median(cpu), calls: batch * (reps + 1) + 1, samples };
}

/**
 * {@link perCallMs} for several calls at once, their batches interleaved (a, b, c, a, b, c, ...) so a burst of
 * load from other processes hits every figure alike: the right way to measure figures compared as ratios.
 * Returns the median wall ms per call of each, by name, and the median CPU ms (this process, user + system).
 */
export async function perCallMsInterleaved<K extends string>(
  fns: Record<K, Timed>,
  options: PerCallOptions = {},
): Promise<{ ms: Record<K, number>; cpuMs: Record<K, number> }> {
  const reps = options.reps ?? 15;
  const batchMs = options.batchMs ?? 20;
  const maxBatch = options.maxBatch ?? 1_000;
  const names = Object.keys(fns) as K[];
  const batch = {} as Record<K, number>;
  const samples = {} as Record<K, number[]>;
  const cpu = {} as Record<K, number[]>;
  for (const k of names) {
    const first = await timeMs(fns[k]);
    batch[k] = Math.max(1, Math.min(maxBatch, Math.floor(batchMs / Math.max(first, 1e-3))));
    for (let i = 0; i < batch[k]; i++) await fns[k]();
    samples[k] = [];
    cpu[k] = [];
  }
  for (let r = 0; r < reps; r++) {
    for (const k of names) {
      const fn = fns[k];
      const n = batch[k];
      const c0 = process.cpuUsage();
      samples[k].push(
        (await timeMs(async () => {
          for (let i = 0; i < n; i++) await fn();
        })) / n,
      );
      cpu[k].push(cpuMsSince(c0) / n);
    }
  }
  const ms = {} as Record<K, number>;
  const cpuMs = {} as Record<K, number>;
  for (const k of names) {
    ms[k] = median(samples[k]);
    cpuMs[k] = median(cpu[k]);
  }
  return { ms, cpuMs };
}

/** Rounds for display/JSON: 3 significant digits below 100, whole numbers above. */
export function round(x: number): number {
  if (!Number.isFinite(x)) return x;
  if (Math.abs(x) >= 100) return Math.round(x);
  return Number(x.toPrecision(3));
}
