import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { writeDemoDatabase } from '../../app/demo';
import { tempDir } from './data';
import { launchApp, type AppSession } from './harness';

// File › Open Connection… end to end: main asks, the page's dialog sends a URL to a port nothing listens on,
// and the unreachable server is shown by its code with what to do, the password nowhere on the page.
const NOW = 1_796_040_000;

describe('the connection dialog', () => {
  const tmp = tempDir();
  let app: AppSession;

  beforeAll(async () => {
    const dbPath = path.join(tmp.dir, 'connection.db');
    await writeDemoDatabase(dbPath, { now: NOW });
    app = await launchApp({ dbPath, principal: { kind: 'operator' }, now: NOW });
  });
  afterAll(async () => {
    await app?.close();
    tmp.remove();
  });

  test('shows an unreachable server as UNAVAILABLE and keeps the session it had', async () => {
    const { page } = app;
    await page.getByRole('listbox', { name: 'Turns', exact: true }).waitFor();
    const title = await page.title();
    await app.askConnection();
    const dialog = page.getByRole('dialog', { name: 'Open connection' });
    await dialog.waitFor();
    await dialog.getByLabel('Connection URL').fill('postgres://alice@127.0.0.1:1/scratch?connect_timeout=2');
    await dialog.getByLabel('Password').fill('hunter2-secret');
    await dialog.getByRole('button', { name: 'Connect' }).click();
    const alert = dialog.getByRole('alert');
    await alert.waitFor();
    await expect(alert.locator('.error-code').textContent()).resolves.toBe('UNAVAILABLE');
    await expect(alert.textContent()).resolves.toContain('The database server cannot be reached');
    await app.screenshot('connection-unavailable');
    const text = await page.locator('body').innerText();
    expect(text).not.toContain('hunter2');
    expect([await page.title(), app.session.store.format]).toEqual([title, 'v2']);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });
});
