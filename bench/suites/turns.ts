import path from 'node:path';
import type { Scratchpad } from '../../app/scratchpad/types';
import { progress } from '../lib/log';
import { expectEqual, open, OPERATOR, OTHER_USER, USER } from '../lib/store';
import { makeTempDir, removeTempDir } from '../lib/temp';
import { cpuMsSince, median, perCallMs, timeMs } from '../lib/timing';

const TURNS = 10_000;
const ROWS_PER_TURN = 6;
/** Every third turn was written with a TTL already over (born expired), so gc and stats have work. */
const EXPIRED_EVERY = 3;
const EXECUTORS = ['read_file', 'grep', 'shell', 'http_get', 'sql', 'browser'];

/**
 * Fills a fresh store with 10,000 turns of 6 small rows each (60,000 rows of 200-2,000 bytes, the shape of a
 * day of agent turns): turns of the user, with one turn in ten of another user, a third of them expired.
 */
async function fill(sp: Scratchpad): Promise<void> {
  for (let t = 0; t < TURNS; t++) {
    const who = t % 10 === 9 ? OTHER_USER : USER;
    const ttlSeconds = t % EXPIRED_EVERY === 0 ? -1 : 86_400 + t;
    for (let s = 0; s < ROWS_PER_TURN; s++) {
      const content = `turn ${t} step ${s} `.repeat(10 + ((t * 7 + s * 13) % 90));
      await sp.put(who, {
        turnId: `turn-${String(t).padStart(5, '0')}`,
        stepNum: s,
        executorName: EXECUTORS[(t + s) % EXECUTORS.length]!,
        observation: { content },
        ttlSeconds,
      });
    }
  }
}

/** Timed calls of each honesty figure (each call alone, never repeated in a batch). */
const FOREIGN_REPS = 7;

/**
 * What the repeated calls above do not show: the store answers turn questions from an in-memory turn table
 * (core/turn-table-backend.ts), answered by SQL right after another connection's commit and reloaded at the next
 * question that finds the file unchanged. Each figure is one call: the first listTurns or stats right after
 * another store object on the same file put one row (SQL), the listTurns after it (the reload), and the first
 * and second listTurns of a freshly opened store; medians, with CPU ms.
 */
async function afterForeignWrites(sp: Scratchpad, file: string): Promise<Record<string, number>> {
  const other = await open(file);
  const once = async (fn: () => Promise<unknown>) => {
    const c0 = process.cpuUsage();
    const ms = await timeMs(fn);
    return { ms, cpuMs: cpuMsSince(c0) };
  };
  const list: { ms: number; cpuMs: number }[] = [];
  const stats: { ms: number; cpuMs: number }[] = [];
  const opened: { ms: number; cpuMs: number }[] = [];
  const reloads: { ms: number; cpuMs: number }[] = [];
  const openedSecond: { ms: number; cpuMs: number }[] = [];
  try {
    for (let r = 0; r < FOREIGN_REPS; r++) {
      const before = (await sp.listTurns(USER, { limit: 50 })).total;
      await other.put(USER, { turnId: `foreign-${r}`, stepNum: 0, executorName: 'shell', observation: { content: `foreign ${r}` } });
      list.push(await once(() => sp.listTurns(USER, { limit: 50 })));
      reloads.push(await once(() => sp.listTurns(USER, { limit: 50 })));
      expectEqual('turns after a foreign put', (await sp.listTurns(USER, { limit: 50 })).total, (before ?? 0) + 1);
      await other.put(USER, { turnId: `foreign-${r}`, stepNum: 1, executorName: 'shell', observation: { content: `foreign ${r} again` } });
      stats.push(await once(() => sp.stats(USER)));
      const fresh = await open(file);
      try {
        opened.push(await once(() => fresh.listTurns(USER, { limit: 50 })));
        openedSecond.push(await once(() => fresh.listTurns(USER, { limit: 50 })));
      } finally {
        await fresh.close();
      }
    }
  } finally {
    await other.close();
  }
  const med = (xs: { ms: number; cpuMs: number }[], k: 'ms' | 'cpuMs') => median(xs.map((x) => x[k]));
  return {
    list_turns_after_foreign_write_ms: med(list, 'ms'),
    list_turns_after_foreign_write_cpu_ms: med(list, 'cpuMs'),
    stats_after_foreign_write_ms: med(stats, 'ms'),
    stats_after_foreign_write_cpu_ms: med(stats, 'cpuMs'),
    list_turns_first_after_open_ms: med(opened, 'ms'),
    list_turns_first_after_open_cpu_ms: med(opened, 'cpuMs'),
    list_turns_reload_after_foreign_write_ms: med(reloads, 'ms'),
    list_turns_reload_after_foreign_write_cpu_ms: med(reloads, 'cpuMs'),
    list_turns_second_after_open_ms: med(openedSecond, 'ms'),
    list_turns_second_after_open_cpu_ms: med(openedSecond, 'cpuMs'),
  };
}

/**
 * Many small rows (the app's day-of-debugging file): the first page of listTurns for every sort and direction,
 * with and without a query (turn id, executor), stats and a gc dry run, each as the user (the worst figure over
 * the sorts is the key; each variant is in `extra`).
 */
export async function runTurns(): Promise<{ figures: Record<string, number>; extra: Record<string, number> }> {
  const dir = makeTempDir('turns');
  const sp = await open(path.join(dir, 'turns.sqlite'));
  const extra: Record<string, number> = {};
  try {
    const t0 = Date.now();
    await fill(sp);
    extra.turns_build_s = (Date.now() - t0) / 1000;
    progress(`  built ${TURNS} turns, ${TURNS * ROWS_PER_TURN} rows in ${extra.turns_build_s.toFixed(1)} s`);
    const sorts = ['lastCreated', 'totalBytes', 'turnId', 'entryCount', 'firstCreated', 'earliestExpires', 'expiredCount'];
    const queries: (string | undefined)[] = [undefined, 'turn-04', 'http'];
    let worst = 0;
    let worstCpu = 0;
    for (const sort of sorts) {
      for (const direction of ['desc', 'asc']) {
        for (const query of queries) {
          const options = { limit: 50, sort, direction, ...(query === undefined ? {} : { query }) } as Parameters<Scratchpad['listTurns']>[1];
          let timed: { ms: number; cpuMs: number };
          try {
            timed = await perCallMs(() => sp.listTurns(USER, options), { reps: 7, batchMs: 10, maxBatch: 50 });
          } catch {
            continue; // a sort this build does not know yet
          }
          extra[`list_turns_${sort}_${direction}${query === undefined ? '' : `_q_${query}`}_ms`] = timed.ms;
          worst = Math.max(worst, timed.ms);
          worstCpu = Math.max(worstCpu, timed.cpuMs);
        }
      }
    }
    const first = await sp.listTurns(USER, { limit: 50 });
    expectEqual('first page size', first.turns.length, 50);
    // CPU ms (this process) beside each wall figure: on a loaded machine it says what an idle one would show.
    extra.list_turns_first_page_10k_turns_cpu_ms = worstCpu;
    const stats = await perCallMs(() => sp.stats(USER), { reps: 9, batchMs: 10, maxBatch: 50 });
    extra.stats_60k_rows_cpu_ms = stats.cpuMs;
    expectEqual('stats rows', (await sp.stats(USER)).rows, 9_000 * ROWS_PER_TURN);
    extra.stats_60k_rows_operator_ms = (await perCallMs(() => sp.stats(OPERATOR), { reps: 9, batchMs: 10, maxBatch: 50 })).ms;
    const dry = await perCallMs(() => sp.gc(USER, { dryRun: true }), { reps: 7, batchMs: 20, maxBatch: 20 });
    extra.gc_dry_run_60k_rows_cpu_ms = dry.cpuMs;
    expectEqual('gc dry run rows', (await sp.gc(USER, { dryRun: true })).deletedRows, 3_000 * ROWS_PER_TURN);
    extra.gc_dry_run_60k_rows_operator_ms = (await perCallMs(() => sp.gc(OPERATOR, { dryRun: true }), { reps: 7, batchMs: 20, maxBatch: 20 })).ms;
    Object.assign(extra, await afterForeignWrites(sp, path.join(dir, 'turns.sqlite')));
    extra.gc_60k_rows_ms = await timeMs(() => sp.gc(USER));
    return { figures: { list_turns_first_page_10k_turns_ms: worst, stats_60k_rows_ms: stats.ms, gc_dry_run_60k_rows_ms: dry.ms }, extra };
  } finally {
    await sp.close();
    removeTempDir(dir);
  }
}
