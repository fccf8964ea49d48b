import { describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { openScratchpad } from '../../app/scratchpad';
import { operator, tempDir, user } from './helpers';

const WORKER = fileURLToPath(new URL('./workers/concurrent-worker.ts', import.meta.url));

function run(file: string, name: string, rounds: number): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', WORKER, file, name, String(rounds)], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('two processes on one file', () => {
  it('put, read and gc concurrently: no BUSY surfaces, nothing lost', async () => {
    const tmp = tempDir();
    try {
      const file = tmp.file();
      await (await openScratchpad(file)).close();
      const rounds = 100;
      const [a, b] = await Promise.all([run(file, 'alpha', rounds), run(file, 'beta', rounds)]);
      expect(a.stderr).toBe('');
      expect(b.stderr).toBe('');
      expect([a.code, b.code]).toEqual([0, 0]);
      const sp = await openScratchpad(file);
      for (const [name, result] of [
        ['alpha', a],
        ['beta', b],
      ] as const) {
        const ids = JSON.parse(result.stdout) as string[];
        expect(ids).toHaveLength(rounds);
        for (const [i, id] of ids.entries()) {
          expect((await sp.read(user(name), id, { mode: 'full' })).content).toBe(`${name}-${i}-`.repeat(50 + (i % 7) * 100));
        }
      }
      await sp.gc(operator);
      expect(await sp.stats(operator)).toMatchObject({ rows: 2 * rounds, expiredRows: 0 });
      expect(await sp.owners(operator)).toEqual(['alpha', 'beta']);
      await sp.close();
    } finally {
      tmp.cleanup();
    }
  }, 180_000);
});
