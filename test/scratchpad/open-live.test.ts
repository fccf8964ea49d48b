import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { openScratchpad } from '../../app/scratchpad';
import { operator, tempDir } from './helpers';

const WRITER = fileURLToPath(new URL('./workers/steady-writer.ts', import.meta.url));

describe('openScratchpad while another process writes', () => {
  // Regression: the format probe compared the header's page count with the file's length without a lock, so
  // a checkpoint growing the file made a healthy live file read as "CORRUPT: truncated".
  it('opens every time: never CORRUPT, never BUSY, and sees every committed row afterwards', async () => {
    const tmp = tempDir();
    try {
      const file = tmp.file();
      await (await openScratchpad(file)).close();
      const count = 2500;
      const child = spawn(process.execPath, ['--import', 'tsx', WRITER, file, String(count)], { stdio: ['ignore', 'pipe', 'pipe'] });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
      child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
      const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
      let running = true;
      void exited.then(() => (running = false));

      const failures: string[] = [];
      let opens = 0;
      while (running && opens < 20_000) {
        try {
          const sp = await openScratchpad(file, { readonly: true });
          await sp.stats(operator);
          await sp.close();
        } catch (err) {
          failures.push(`${(err as { code?: string }).code}: ${(err as Error).message}`);
        }
        opens += 1;
        if (opens % 10 === 0) await new Promise((r) => setImmediate(r));
      }
      expect(await exited).toBe(0);
      expect(stderr).toBe('');
      expect(stdout).toBe(String(count));
      expect(opens).toBeGreaterThan(50);
      expect(failures.slice(0, 3)).toEqual([]);
      const sp = await openScratchpad(file, { readonly: true });
      expect((await sp.stats(operator)).rows).toBe(count);
      await sp.close();
    } finally {
      tmp.cleanup();
    }
  }, 180_000);
});
