/*
 * Pure helpers of the stats charts: byte-axis ticks at round values of the unit they are shown in, and donut
 * slice weights that keep a tiny share visible.
 */

const UNITS = ['B', 'KiB', 'MiB', 'GiB', 'TiB'] as const;
const STEPS = [1, 2, 5] as const;

/** Ticks of a byte axis: `top` (bytes) is the axis end; each tick's `value` in bytes and its `label` ("2 MiB"). */
export type ByteTicks = { readonly top: number; readonly ticks: readonly { readonly value: number; readonly label: string }[] };

/**
 * Ticks for a byte axis from 0 to at least `maxBytes`, at most `maxIntervals` steps: every tick a multiple of
 * 1, 2 or 5 × 10^j of one binary unit (1024^k bytes), labelled in that unit — 0, 1, 2, 3, 4 MiB or 0, 20, 40 KiB,
 * never 977 KiB or 1.91 MiB. The unit is the largest one `maxBytes` reaches (as formatBytes picks it); when the
 * rounded end would reach 1024 of it, the axis is 0 to 1 of the next unit. `maxBytes` <= 0 gives 0 to 1 B.
 */
export function byteTicks(maxBytes: number, maxIntervals: number): ByteTicks {
  const intervals = Math.max(1, Math.floor(maxIntervals));
  let k = 0;
  while (k < UNITS.length - 1 && maxBytes >= 1024 ** (k + 1)) k++;
  const m = Math.max(1, maxBytes / 1024 ** k);
  let step = 1;
  for (let scale = 1; ; scale *= 10) {
    const found = STEPS.find((s) => Math.ceil(m / (s * scale)) <= intervals);
    if (found !== undefined) {
      step = found * scale;
      break;
    }
  }
  let count = Math.ceil(m / step);
  if (count * step >= 1024 && k < UNITS.length - 1) {
    k++;
    step = 1;
    count = 1;
  }
  const unit = 1024 ** k;
  const ticks = Array.from({ length: count + 1 }, (_, i) => ({ value: i * step * unit, label: i === 0 ? '0' : `${i * step} ${UNITS[k]}` }));
  return { top: count * step * unit, ticks };
}

/**
 * Weights to draw a donut's slices with, so every non-zero value spans at least `minDegrees` (a 14 KiB share of
 * 5 MiB is then a visible sliver, not a hairline); the other slices shrink in proportion to their values. Zero
 * values stay 0. The weights sum to the values' sum; the exact values belong in the labels and tooltips.
 */
export function donutWeights(values: readonly number[], minDegrees = 3): number[] {
  const total = values.reduce((a, b) => a + Math.max(0, b), 0);
  if (total <= 0) return values.map(() => 0);
  const min = minDegrees / 360;
  const small = new Set<number>();
  // Raising one slice shrinks the rest, which may push another under the minimum: repeat until none does.
  for (;;) {
    const rest = values.reduce((a, v, i) => (small.has(i) || v <= 0 ? a : a + v), 0);
    const share = 1 - small.size * min;
    const under = values.findIndex((v, i) => v > 0 && !small.has(i) && (v / rest) * share < min);
    if (under < 0 || small.size + 1 >= values.filter((v) => v > 0).length) {
      return values.map((v, i) => (v <= 0 ? 0 : small.has(i) ? min * total : rest > 0 ? (v / rest) * share * total : 0));
    }
    small.add(under);
  }
}
