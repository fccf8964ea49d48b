import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { writeDemoDatabase } from '../../app/demo';
import { tempDir } from './data';
import { launchApp, type AppSession } from './harness';
import { installContrast, type PageContrast } from './support/contrast';
import { eventually, goTo } from './ui';

// Stats must be readable in both themes: every text (HTML and the charts' SVG labels) at a WCAG contrast of at
// least 4.5:1 against what is behind it, and no label cut off by its chart's box.
const NOW = 1_796_040_000;

/** Per text element of the stats page: its text, contrast ratio against the nearest opaque background, and whether it sticks out of its svg. */
type TextCheck = { text: string; ratio: number; clipped: boolean };

describe('stats readability', () => {
  const tmp = tempDir();
  let app: AppSession;

  beforeAll(async () => {
    const demo = await writeDemoDatabase(path.join(tmp.dir, 'contrast.db'), { now: NOW });
    app = await launchApp({ dbPath: demo.path, principal: { kind: 'operator' }, now: NOW, viewport: { width: 1024, height: 640 } });
  });
  afterAll(async () => {
    await app?.close();
    tmp.remove();
  });

  const measure = async () => {
    await installContrast(app.page);
    return app.page.evaluate((): TextCheck[] => {
      const { ratio } = (window as unknown as { __contrast: PageContrast }).__contrast;
      const root = document.querySelector('.stats-page')!;
      const out: TextCheck[] = [];
      for (const el of root.querySelectorAll('*')) {
        const own = [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim() !== '');
        // An SVG <title> is a tooltip the system draws, not text painted on the page.
        if (!own || el.localName === 'title') continue;
        const style = getComputedStyle(el);
        const svg = el.closest('svg');
        let clipped = false;
        if (svg) {
          const box = el.getBoundingClientRect();
          const frame = svg.getBoundingClientRect();
          clipped = box.left < frame.left - 0.5 || box.right > frame.right + 0.5 || box.top < frame.top - 0.5 || box.bottom > frame.bottom + 0.5;
        }
        out.push({ text: el.textContent!.trim(), ratio: ratio(el, svg ? style.fill : style.color), clipped });
      }
      return out;
    });
  };

  test.each(['light', 'dark'] as const)('every text of Stats has contrast >= 4.5:1 and no chart label is clipped (%s)', async (theme) => {
    const { page } = app;
    await page.getByLabel('Theme').selectOption(theme);
    await goTo(page, 'Stats');
    await page.locator('.bar-labels').first().waitFor();
    // Measured once the theme is on the root (set by an effect of the choice) and every chart is drawn at its frame's
    // width (measured before its first paint and again on a resize, e.g. when the page's scrollbar comes).
    await eventually(
      () =>
        page.evaluate((theme) => {
          const frames = [...document.querySelectorAll<HTMLElement>('.stats-page .chart-frame')];
          const drawn = frames.every((frame) => Number(frame.querySelector('svg.chart-surface')?.getAttribute('width')) === frame.clientWidth);
          return document.documentElement.dataset.theme === theme && frames.length > 0 && drawn;
        }, theme),
      true,
    );
    const checks = await measure();
    expect(checks.length).toBeGreaterThan(20);
    expect(checks.filter((c) => c.text.includes('MiB') || c.text.includes('KiB')).length).toBeGreaterThan(3);
    expect(checks.filter((c) => c.ratio < 4.5)).toEqual([]);
    expect(checks.filter((c) => c.clipped)).toEqual([]);
    await app.screenshot(`stats-contrast-1024-${theme}`);
  });
});
