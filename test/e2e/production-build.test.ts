import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { writeDemoDatabase } from '../../app/demo';
import { tempDir } from './data';
import { bundleBridge, ensureRendererBuilt, launchApp, type AppSession } from './harness';
import { waitForTurnCount } from './ui';

// The harness must run the renderer as `npm start` does: React's production build, where StrictMode neither
// runs effects twice nor calls the bridge twice. Measured figures and the call counts below depend on it.
const NOW = 1_796_040_000;

describe('the e2e renderer build', () => {
  const tmp = tempDir();
  let app: AppSession;
  let turns = 0;

  beforeAll(async () => {
    const dbPath = path.join(tmp.dir, 'prod.db');
    turns = (await writeDemoDatabase(dbPath, { now: NOW })).turns;
    app = await launchApp({ dbPath, principal: { kind: 'operator' }, now: NOW });
  });
  afterAll(async () => {
    await app?.close();
    tmp.remove();
  });

  test('is the production bundle: no development JSX runtime, no React development warnings', async () => {
    const dir = path.join(await ensureRendererBuilt(), 'assets');
    const js = readdirSync(dir)
      .filter((f) => f.endsWith('.js'))
      .map((f) => readFileSync(path.join(dir, f), 'utf8'))
      .join('\n');
    expect(js.length).toBeGreaterThan(10_000);
    expect(js).not.toContain('jsxDEV');
    expect(js).not.toContain('react-stack-bottom-frame');
  });

  test('first load calls the bridge once per query (no StrictMode double effects)', async () => {
    await waitForTurnCount(app.page, turns);
    const count = (channel: string) => app.invoked.filter((call) => call.channel === channel).length;
    expect(count('session:info')).toBe(1);
    expect(count('turns:list')).toBe(1);
  });

  test('the first paint loads neither the chart library nor the diff view: Stats and Compare come in their own chunks, on demand', async () => {
    const { page } = app;
    const scripts: string[] = [];
    const onRequest = (r: { url(): string; resourceType(): string }) => {
      if (r.resourceType() === 'script') scripts.push(path.basename(new URL(r.url()).pathname));
    };
    page.on('request', onRequest);
    await page.reload();
    await waitForTurnCount(page, turns);
    const atFirstPaint = [...scripts];
    expect(atFirstPaint.some((f) => f.startsWith('index-'))).toBe(true);
    expect(atFirstPaint.filter((f) => /^(StatsPage|CompareDialog|GcPage|SearchPage)-/.test(f))).toEqual([]);
    await page
      .getByRole('navigation', { name: 'Pages' })
      .getByRole('button', { name: /^Stats\b/ })
      .click();
    await page.locator('.chart-surface').first().waitFor();
    expect(scripts.some((f) => f.startsWith('StatsPage'))).toBe(true);
    page.off('request', onRequest);
    const dir = path.join(await ensureRendererBuilt(), 'assets');
    const entry = readdirSync(dir).find((f) => f.startsWith('index-') && f.endsWith('.js'))!;
    expect(readFileSync(path.join(dir, entry), 'utf8')).not.toContain('visx-axis');
  });

  test('the page evaluates no zod: neither the preload bridge nor any renderer chunk holds it (main validates every request)', async () => {
    const dir = path.join(await ensureRendererBuilt(), 'assets');
    const chunks = readdirSync(dir).filter((f) => f.endsWith('.js'));
    expect(chunks.length).toBeGreaterThan(3);
    // zod's error class name survives minification (it is a string); the schema tables would bring it in.
    expect(chunks.filter((f) => readFileSync(path.join(dir, f), 'utf8').includes('ZodError'))).toEqual([]);
    const bridge = await bundleBridge();
    expect(bridge).toContain('createBridge');
    expect(bridge).not.toContain('ZodError');
  });
});
