import Table from 'cli-table3';
import type { Check } from './checks';
import { round } from './timing';

const PLAIN = { head: [] as string[], border: [] as string[] };

/** The load average at the start of a run (1, 5, 15 min) and the core count it is relative to. */
export interface LoadAtStart {
  readonly loadAverage: readonly number[];
  readonly cores: number;
}

/**
 * The readable report printed by default: the load average when the run started (figures of a loaded machine
 * are not comparable), figures, then targets with pass/fail, then extras.
 */
export function renderTable(figures: Record<string, number>, checks: Record<string, Check>, extra: Record<string, number>, load: LoadAtStart): string {
  const fig = new Table({ style: PLAIN, head: ['figure', 'value'], colAligns: ['left', 'right'] });
  for (const [k, v] of Object.entries(figures)) fig.push([k, String(round(v))]);
  const chk = new Table({ style: PLAIN, head: ['target', 'value', 'limit', 'ratio', 'result'], colAligns: ['left', 'right', 'right', 'right', 'left'] });
  for (const c of Object.values(checks)) chk.push([c.target, String(round(c.value)), String(round(c.limit)), String(round(c.ratio)), c.pass ? 'pass' : 'FAIL']);
  const ext = new Table({ style: PLAIN, head: ['extra figure', 'value'], colAligns: ['left', 'right'] });
  for (const [k, v] of Object.entries(extra)) ext.push([k, String(round(v))]);
  const loadLine = `load average at start: ${load.loadAverage.join(', ')} (1, 5, 15 min; ${load.cores} cores)`;
  return [loadLine, ...[fig, chk, ext].filter((t) => t.length > 0).map((t) => t.toString())].join('\n');
}
