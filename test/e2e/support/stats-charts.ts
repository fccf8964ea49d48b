import { expect } from 'vitest';
import type { Page } from 'playwright-core';

/*
 * Readers of the stats page's charts (renderer/src/views/stats/charts.tsx): a chart card is found by its title,
 * the value axis by visx's axis class, a donut slice by its tooltip ("expired: 14.5 KiB").
 */

/** Tick labels of the value axis of the chart card titled `title` ('left' for upright bars, 'bottom' for lying ones). */
export async function valueAxisLabels(page: Page, title: string, side: 'left' | 'bottom'): Promise<string[]> {
  const card = page.locator('.chart-card', { has: page.getByRole('heading', { name: title, exact: true }) });
  await card.locator(`.visx-axis-${side} .chart-tick`).first().waitFor();
  return card.locator(`.visx-axis-${side} .chart-tick`).allTextContents();
}

/**
 * Asserts that byte-axis labels are round values of one binary unit: "0", then equal steps of 1, 2 or 5 × 10^j
 * of that unit ("0", "1 MiB", "2 MiB", or "0", "20 KiB", "40 KiB").
 */
export function expectRoundByteTicks(labels: readonly string[]): void {
  expect(labels[0]).toBe('0');
  const rest = labels.slice(1).map((l) => /^(\d+) (B|KiB|MiB|GiB)$/.exec(l));
  expect(
    rest.every((m) => m !== null),
    `labels ${labels.join(', ')}`,
  ).toBe(true);
  expect(new Set(rest.map((m) => m![2])).size).toBe(1);
  const numbers = rest.map((m) => Number(m![1]));
  const step = numbers[0]!;
  expect(String(step)).toMatch(/^[125]0*$/);
  expect(numbers).toEqual(numbers.map((_, i) => (i + 1) * step));
}

/** Angle in degrees of the donut slice whose tooltip starts with `name:` (from its path's outer arc end points). */
export async function sliceDegrees(page: Page, name: string): Promise<number> {
  const slice = page.locator('.chart-card path', { has: page.locator('title', { hasText: `${name}:` }) }).first();
  const d = (await slice.getAttribute('d')) ?? '';
  // d3's arc path: "M x0,y0 A r,r 0 large,sweep x1,y1 L ..." — the outer arc from (x0, y0) to (x1, y1).
  const n = (d.match(/-?\d*\.?\d+(?:e-?\d+)?/g) ?? []).map(Number);
  const [x0, y0, r, , , large, , x1, y1] = n as [number, number, number, number, number, number, number, number, number];
  const chord = Math.hypot(x1 - x0, y1 - y0);
  const small = (2 * Math.asin(Math.min(1, chord / (2 * r))) * 180) / Math.PI;
  return large === 1 ? 360 - small : small;
}
