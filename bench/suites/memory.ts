import { execFileSync } from 'node:child_process';
import path from 'node:path';
import type { BigFile } from './big-file';

const CHILD = path.join(import.meta.dirname, '..', 'rss-child.ts');

/** What the child reported. */
interface ChildReport {
  readonly mode: string;
  readonly calls: number;
  readonly ms: number;
  readonly baselineRssMB: number;
  readonly peakRssMB: number;
  readonly growthMB: number;
}

function runChild(big: BigFile, mode: 'slices' | 'stream'): ChildReport {
  const out = execFileSync(process.execPath, ['--expose-gc', '--import', 'tsx', CHILD, big.path, big.hugeId, mode], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 1024 * 1024,
  });
  const line = out.trim().split('\n').pop();
  if (!line) throw new Error('rss child printed nothing');
  return JSON.parse(line) as ChildReport;
}

/**
 * RSS growth of a fresh process reading slices across the 500 MiB row (head, tail, full capped, 200 ranges
 * spread over the row, one 1M-code-point range), and, as an extra, while streaming the whole row with
 * iterateContent. MiB.
 */
export function runMemory(big: BigFile): { figures: Record<string, number>; extra: Record<string, number> } {
  const slices = runChild(big, 'slices');
  const stream = runChild(big, 'stream');
  return {
    figures: { rss_growth_reading_500MB_entry_MB: slices.growthMB },
    extra: {
      rss_baseline_child_MB: slices.baselineRssMB,
      reads_across_500MB_entry_total_ms: slices.ms,
      rss_growth_streaming_500MB_entry_MB: stream.growthMB,
      stream_500MB_entry_ms: stream.ms,
    },
  };
}
