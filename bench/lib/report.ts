import Table from 'cli-table3';
import type { Check } from './checks';
import { round } from './timing';

const PLAIN = { head: [] as string[], border: [] as string[] };

/** The readable report printed by default: figures, then targets with pass/fail, then extras. */
export function renderTable(figures: Record<string, number>, checks: Record<string, Check>, extra: Record<string, number>): string {
  const fig = new Table({ style: PLAIN, head: ['figure', 'value'], colAligns: ['left', 'right'] });
  for (const [k, v] of Object.entries(figures)) fig.push([k, String(round(v))]);
  const chk = new Table({ style: PLAIN, head: ['target', 'value', 'limit', 'ratio', 'result'], colAligns: ['left', 'right', 'right', 'right', 'left'] });
  for (const c of Object.values(checks)) chk.push([c.target, String(round(c.value)), String(round(c.limit)), String(round(c.ratio)), c.pass ? 'pass' : 'FAIL']);
  const ext = new Table({ style: PLAIN, head: ['extra figure', 'value'], colAligns: ['left', 'right'] });
  for (const [k, v] of Object.entries(extra)) ext.push([k, String(round(v))]);
  return [fig, chk, ext].filter((t) => t.length > 0).map((t) => t.toString()).join('\n');
}
