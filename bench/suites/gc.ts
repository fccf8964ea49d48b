import path from 'node:path';
import { KiB, textOfBytes } from '../lib/content';
import { progress } from '../lib/log';
import { expectEqual, open, OTHER_USER, USER } from '../lib/store';
import { removeTempDir, makeTempDir } from '../lib/temp';
import { median, timeMs } from '../lib/timing';

const EXPIRED = 10_000;
const ROW_BYTES = 8 * KiB;

/**
 * gc of 10,000 expired rows: each repetition builds a fresh file where the user owns 10,000 expired rows and
 * 5,000 live ones and another user owns 5,000 expired rows, then times one `gc(user)` (which must delete exactly
 * the user's 10,000). Rows of 8 KiB text, 100 per turn. Median of `reps` (ms).
 */
export function runGc(reps: number): { figures: Record<string, number>; extra: Record<string, number> } {
  const bodies = Array.from({ length: 16 }, (_, i) => textOfBytes(ROW_BYTES, 'mixed', `gc-${i}`));
  const gcMs: number[] = [];
  const dryMs: number[] = [];
  const gcCpuMs: number[] = [];
  for (let r = 0; r < reps; r++) {
    progress(`  gc: repetition ${r + 1}/${reps} (building ${EXPIRED * 2} rows)`);
    const dir = makeTempDir('gc');
    const sp = open(path.join(dir, 'gc.sqlite'));
    try {
      const put = (who: typeof USER, k: number, ttlSeconds: number, prefix: string) =>
        sp.put(who, { turnId: `${prefix}-${Math.floor(k / 100)}`, stepNum: k % 100, executorName: 'bench', observation: { content: bodies[k % bodies.length]! }, ttlSeconds });
      for (let k = 0; k < EXPIRED; k++) {
        put(USER, k, -1, 'gc-expired');
        if (k % 2 === 0) put(USER, k, 86_400, 'gc-live');
        else put(OTHER_USER, k, -1, 'gc-other');
      }
      dryMs.push(timeMs(() => expectEqual('gc dry run rows', sp.gc(USER, { dryRun: true }).deletedRows, EXPIRED)));
      let deleted = -1;
      const c0 = process.cpuUsage();
      gcMs.push(timeMs(() => { deleted = sp.gc(USER).deletedRows; }));
      const c = process.cpuUsage(c0);
      gcCpuMs.push((c.user + c.system) / 1000);
      expectEqual('gc deleted rows', deleted, EXPIRED);
    } finally {
      sp.close();
      removeTempDir(dir);
    }
  }
  return { figures: { gc_10000_expired_ms: median(gcMs) }, extra: { gc_10000_expired_dry_run_ms: median(dryMs), gc_10000_expired_cpu_ms: median(gcCpuMs) } };
}
