import { handleScratchpadRead } from '../engine';
import type { Scratchpad } from '../scratchpad';
import type { DemoLabel } from './plan';

/** One scratchpad_read the demo's model makes, `afterSeconds` after the row was stored. */
export interface DemoRead {
  readonly label: DemoLabel;
  readonly afterSeconds: number;
  /** Arguments as the model sends them to `scratchpad_read` (the id is filled in). */
  readonly args: Readonly<Record<string, unknown>>;
}

/**
 * The reads the demo's model makes, served by the engine's own handler so the read log holds exactly what a
 * runtime would record: a head and a deep range of a license, the tail and a capped full read of the large log,
 * the PNG header, and a full read of a small structured observation. Other rows are never read back.
 */
export const DEMO_READS: readonly DemoRead[] = [
  { label: 'license-text', afterSeconds: 5, args: { mode: 'head', n: 2000 } },
  { label: 'license-text', afterSeconds: 9, args: { mode: 'range', start: 18_000, end: 21_000 } },
  { label: 'large-log', afterSeconds: 4, args: { mode: 'tail', n: 4000 } },
  { label: 'large-log', afterSeconds: 8, args: { mode: 'range', start: 1_500_000, end: 1_502_000 } },
  { label: 'large-log', afterSeconds: 12, args: { mode: 'full' } },
  { label: 'png-image', afterSeconds: 3, args: { mode: 'head', n: 24 } },
  { label: 'search-matches', afterSeconds: 6, args: { mode: 'full' } },
];

/** Where a demo row was stored: its id, owner, turn and creation time (Unix seconds). */
export interface StoredDemoRow {
  readonly id: string;
  readonly label: DemoLabel;
  readonly owner: string;
  readonly turnId: string;
  readonly createdAt: number;
}

/**
 * Serves {@link DEMO_READS} on `store`, setting the clock through `setClock` (Unix seconds) to each read's time.
 * Returns how many reads were served; a read the engine refuses throws (the demo's plan is wrong).
 */
export async function makeDemoReads(store: Scratchpad, rows: readonly StoredDemoRow[], setClock: (now: number) => void): Promise<number> {
  let served = 0;
  for (const read of DEMO_READS) {
    const row = rows.find((r) => r.label === read.label);
    if (!row) continue;
    setClock(row.createdAt + read.afterSeconds);
    const principal = { kind: 'user', userId: row.owner } as const;
    const result = await handleScratchpadRead(store, { principal, turnId: row.turnId }, { ...read.args, scratchpad_id: row.id });
    if (!result.ok) throw new Error(`demo read of ${read.label} failed: ${result.error.code} ${result.error.message}`);
    served += 1;
  }
  return served;
}
