import { describe, expect, it } from 'vitest';
import { byteTicks, donutWeights } from '../../renderer/src/views/stats/scale';

const labels = (maxBytes: number, intervals: number) => byteTicks(maxBytes, intervals).ticks.map((t) => t.label);

describe('byteTicks', () => {
  it('ticks a 4.46 MiB axis at whole MiB, not at decimal byte counts (977 KiB, 1.91 MiB)', () => {
    const axis = byteTicks(4_674_273, 5);
    expect(axis.ticks.map((t) => t.label)).toEqual(['0', '1 MiB', '2 MiB', '3 MiB', '4 MiB', '5 MiB']);
    expect(axis.ticks.map((t) => t.value)).toEqual([0, 1, 2, 3, 4, 5].map((n) => n * 1024 ** 2));
    expect(axis.top).toBe(5 * 1024 ** 2);
  });

  it('ticks a KiB axis at multiples of 1, 2 or 5 x 10^j KiB', () => {
    expect(labels(80.6 * 1024, 5)).toEqual(['0', '20 KiB', '40 KiB', '60 KiB', '80 KiB', '100 KiB']);
    expect(labels(44.2 * 1024, 2)).toEqual(['0', '50 KiB']);
    expect(labels(152 * 1024, 3)).toEqual(['0', '100 KiB', '200 KiB']);
  });

  it('keeps plain bytes below 1 KiB, and 0 to 1 B for an empty axis', () => {
    expect(labels(700, 4)).toEqual(['0', '200 B', '400 B', '600 B', '800 B']);
    expect(byteTicks(0, 5)).toEqual({
      top: 1,
      ticks: [
        { value: 0, label: '0' },
        { value: 1, label: '1 B' },
      ],
    });
  });

  it('moves to the next unit when the rounded end would reach 1024 of this one', () => {
    expect(byteTicks(1010 * 1024, 5)).toEqual({
      top: 1024 ** 2,
      ticks: [
        { value: 0, label: '0' },
        { value: 1024 ** 2, label: '1 MiB' },
      ],
    });
  });

  it('always covers the largest value, within the number of intervals asked for', () => {
    for (const max of [1, 999, 1024, 5000, 1_000_000, 4_674_273, 3 * 1024 ** 3 + 7]) {
      for (const n of [1, 2, 5, 8]) {
        const axis = byteTicks(max, n);
        expect(axis.top).toBeGreaterThanOrEqual(max);
        expect(axis.ticks.length - 1).toBeLessThanOrEqual(n);
      }
    }
  });
});

describe('donutWeights', () => {
  it('gives a 14.5 KiB expired share of 5 MiB at least 3 degrees, the live share the rest', () => {
    const live = 5 * 1024 ** 2;
    const expired = 14.5 * 1024;
    const [w1, w2] = donutWeights([live, expired], 3);
    const total = live + expired;
    expect((w2! / total) * 360).toBeCloseTo(3, 9);
    expect((w1! / total) * 360).toBeCloseTo(357, 9);
  });

  it('leaves shares above the minimum and zero values as they are', () => {
    expect(donutWeights([300, 100, 0], 3)).toEqual([300, 100, 0]);
  });

  it('raises every tiny share, shrinking the large ones in proportion', () => {
    const w = donutWeights([1_000_000, 1, 2, 500_000], 3);
    const total = 1_500_003;
    expect(w.map((x) => Math.round((x / total) * 3600) / 10)).toEqual([236, 3, 3, 118]);
  });

  it('gives all zeros for an all-zero donut', () => {
    expect(donutWeights([0, 0], 3)).toEqual([0, 0]);
  });
});
