import { execFileSync } from 'node:child_process';
import path from 'node:path';
import type { CompareCase } from '../compare-child';
import { progress } from '../lib/log';
import { open, USER } from '../lib/store';
import { makeTempDir, removeTempDir } from '../lib/temp';

const CHILD = path.join(import.meta.dirname, '..', 'compare-child.ts');
const MB = 1024 * 1024;

/** A log of about `bytes` bytes: ~100-byte lines, each distinct (a request id and a counter). */
function logText(bytes: number): string[] {
  const lines: string[] = [];
  let size = 0;
  for (let i = 0; size < bytes; i++) {
    const line = `2026-12-01T09:${String(Math.floor(i / 60_000) % 60).padStart(2, '0')}:00.${String(i % 1000).padStart(3, '0')}Z INFO worker-${i % 7} request ${i} handled in ${(i * 37) % 500} ms path=/api/items/${i}\n`;
    lines.push(line);
    size += line.length;
  }
  return lines;
}

/** `edits` lines replaced, spread evenly (one changed line each, no two adjacent). */
function edited(lines: readonly string[], edits: number): string {
  const out = [...lines];
  for (let k = 0; k < edits; k++) {
    const at = Math.floor(((k + 0.5) * out.length) / edits);
    out[at] = `2026-12-01T09:00:00.000Z ERROR worker-0 request ${at} failed: upstream timeout after 30000 ms\n`;
  }
  return out.join('');
}

/** `n` test results as the run_tests executor returns them; `changed` of them with another status. */
function results(n: number, changed: number): unknown {
  const every = Math.floor(n / changed);
  return {
    ok: true,
    metadata: { runner: 'vitest', shard: '1/1' },
    results: Array.from({ length: n }, (_, i) => ({
      id: `t${i}`,
      name: `suite ${i % 50} case ${i}`,
      status: changed > 0 && i % every === every >> 1 ? 'fail' : 'pass',
      ms: (i * 13) % 400,
    })),
  };
}

/**
 * The compare figures (issue "Compare two observations", Benchmark): two 10 MiB logs with 100 changed lines, two
 * 100 MiB logs with 2, two structured observations of 50,000 records with 20 changed values. Built in a v2 file,
 * compared in a child process through the store adapter (median of 3 runs after a warm-up; 100 MiB: of 2); the
 * RSS growth is the child's peak over its baseline across all cases.
 */
export async function runCompare(): Promise<{ figures: Record<string, number>; extra: Record<string, number> }> {
  const dir = makeTempDir('compare');
  const file = path.join(dir, 'compare.sqlite');
  const sp = await open(file);
  const put = async (observation: unknown) => (await sp.put(USER, { turnId: 'bench-compare', stepNum: 1, executorName: 'bench', observation })).scratchpad_id;
  progress('  writing 2 x 10 MiB, 2 x 100 MiB and 2 x 50k-record observations');
  const small = logText(10 * MB);
  const s1 = await put(small.join(''));
  const s2 = await put(edited(small, 100));
  const big = logText(100 * MB);
  const b1 = await put(big.join(''));
  const b2 = await put(edited(big, 2));
  const j1 = await put(results(50_000, 0));
  const j2 = await put(results(50_000, 20));
  await sp.close();
  const cases: CompareCase[] = [
    { name: 'compare_10MB_100_edits_ms', left: s1, right: s2, reps: 3, lines: 100, jsonChanges: null },
    { name: 'compare_100MB_2_edits_ms', left: b1, right: b2, reps: 2, lines: 2, jsonChanges: null },
    { name: 'compare_json_50k_items_ms', left: j1, right: j2, reps: 3, lines: 20, jsonChanges: 20 },
  ];
  const out = execFileSync(process.execPath, ['--expose-gc', '--import', 'tsx', CHILD, file, JSON.stringify(cases)], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  removeTempDir(dir);
  const report = JSON.parse(out.trim().split('\n').pop() as string) as {
    ms: Record<string, number>;
    peakAfter: Record<string, number>;
    baselineRssMB: number;
    growthMB: number;
  };
  const peaks = Object.fromEntries(Object.entries(report.peakAfter).map(([k, v]) => [`${k.replace(/_ms$/, '')}_rss_growth_so_far_MB`, v]));
  return { figures: { ...report.ms, compare_rss_growth_MB: report.growthMB }, extra: { compare_child_baseline_rss_MB: report.baselineRssMB, ...peaks } };
}
