/*
 * Where the renderer's time goes in the UI suite's steps, apart from the transport: `npx tsx bench/ui-profile.ts
 * <steps> <mode>` with steps a comma list of paint (reloads), paintwall (the suite's first-paint figure), paintcold
 * (that figure as the suite takes it, from launch without waiting for the first page; each reload's time, the
 * turns:list handler times, this process's longest event-loop stall and its GC pauses over 5 ms; SETTLE=<ms>
 * waits that long after launch first; then exits), open (the 300-step turn), json (the JSON entry's Content tab
 * to its whole tree), stats, statsbench (Stats after the JSON entry and the gc preview, as the suite runs it)
 * and mode one of trace (Chromium trace: main-thread CPU time by kind, load-independent enough to compare
 * builds on a quiet machine; at a load of 2-3 on 2 cores the same build varied 134-192 ms), cpu (V8 CPU profile,
 * names through the source maps), split (page-side times of each bridge call, DOM mutation and long task). REPS
 * (default 3) repetitions; DETAIL=1 TIMELINE=1 STACKS=1 print more (forced layouts with their JS stacks). The
 * heavy file is written once at SCALE (default 0.02) under /tmp/scratchpad-ui-profile and reused. For profiling
 * only: no figure of the suite comes from here.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { monitorEventLoopDelay, PerformanceObserver as NodePerformanceObserver } from 'node:perf_hooks';
import type { CDPSession, Page } from 'playwright-core';
import { TraceMap, originalPositionFor } from '@jridgewell/trace-mapping';
import { ensureRendererBuilt, launchApp, type AppSession } from '../test/e2e/harness';
import { firstPaintTimes, UI_NOW, writeHeavyFile, type HeavyFile } from './suites/ui';

const maps = new Map<string, TraceMap | null>();
/** "name source:line" of a position (0-based line and column) in one of the build's scripts, via its source map. */
async function place(url: string, line: number, column: number, fallback: string): Promise<string> {
  const file = url.split('/').pop() ?? '';
  if (!file.endsWith('.js') || line < 0) return fallback;
  if (!maps.has(file)) {
    const dir = await ensureRendererBuilt();
    try {
      maps.set(file, new TraceMap(readFileSync(`${dir}/assets/${file}.map`, 'utf8')));
    } catch {
      maps.set(file, null);
    }
  }
  const map = maps.get(file);
  if (!map) return fallback;
  const o = originalPositionFor(map, { line: line + 1, column });
  return `${o.name ?? fallback.split(' ')[0]} ${(o.source ?? '').replace(/.*node_modules\//, 'nm:').replace(/.*renderer\/src\//, '')}:${o.line}`;
}

const DIR = '/tmp/scratchpad-ui-profile';
const REPS = Number(process.env.REPS ?? 3);
const USER = { kind: 'user', userId: 'bench' } as const;

type TraceEvent = { name: string; cat: string; ph: string; ts: number; dur?: number; tid: number; pid: number; args?: Record<string, unknown> };

/** Chromium's trace events while `run` runs. */
async function trace(cdp: CDPSession, run: () => Promise<unknown>): Promise<TraceEvent[]> {
  const events: TraceEvent[] = [];
  const onData = (e: { value: unknown[] }) => events.push(...(e.value as TraceEvent[]));
  cdp.on('Tracing.dataCollected', onData);
  await cdp.send('Tracing.start', {
    categories: 'disabled-by-default-devtools.timeline.stack,devtools.timeline,v8.execute,blink.user_timing,disabled-by-default-devtools.timeline,v8,toplevel',
    transferMode: 'ReportEvents',
  } as never);
  await run();
  const done = new Promise<void>((r) => cdp.once('Tracing.tracingComplete', () => r()));
  await cdp.send('Tracing.end');
  await done;
  cdp.off('Tracing.dataCollected', onData);
  return events;
}

const collected: Record<string, Record<string, number>[]> = {};
/** Prints the median of every collected group per label. */
function medians(): void {
  for (const [label, runs] of Object.entries(collected)) {
    const keys = [...new Set(runs.flatMap((r) => Object.keys(r)))];
    const med = (k: string) => {
      const v = runs.map((r) => r[k] ?? 0).sort((a, b) => a - b);
      return v[Math.floor(v.length / 2)]!;
    };
    console.log(
      `MEDIAN ${label} (${runs.length}): ${keys
        .sort((a, b) => med(b) - med(a))
        .map((k) => `${k} ${med(k).toFixed(1)}`)
        .join(', ')}`,
    );
  }
}

/** Self thread time (tdur, CPU ms, load-independent) of main-thread events by name, nesting removed. */
async function summarize(events: TraceEvent[], label: string, thread = 'CrRendererMain'): Promise<void> {
  const main = events.find((e) => e.name === 'thread_name' && e.args?.name === thread);
  if (!main) return console.log('no main thread');
  const ev = events
    .filter((e) => e.tid === main.tid && e.pid === main.pid && e.ph === 'X' && e.dur !== undefined)
    .sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  const self: Record<string, number> = {};
  const stack: { end: number; name: string }[] = [];
  let total = 0;
  for (const e of ev) {
    while (stack.length && stack[stack.length - 1]!.end <= e.ts) stack.pop();
    const t = (e as { tdur?: number }).tdur ?? 0;
    self[e.name] = (self[e.name] ?? 0) + t;
    if (stack.length) self[stack[stack.length - 1]!.name] = (self[stack[stack.length - 1]!.name] ?? 0) - t;
    else total += t;
    stack.push({ end: e.ts + e.dur!, name: e.name });
  }
  const start = Math.min(...ev.map((e) => e.ts));
  const end = Math.max(...ev.map((e) => e.ts + e.dur!));
  const group = (name: string): string =>
    name === 'UpdateLayoutTree'
      ? 'style'
      : name === 'Layout'
        ? 'layout'
        : ['Paint', 'PrePaint', 'Layerize', 'Commit', 'HitTest', 'IntersectionObserverController::computeIntersections'].includes(name)
          ? 'paint'
          : name === 'EvaluateScript' || name === 'Receive mojo message'
            ? 'ipc/eval'
            : name.startsWith('v8.compile') || name === 'v8.evaluateModule' || name === 'v8.parseOnBackground'
              ? 'compile'
              : ['ThreadControllerImpl::RunTask', 'RunTask', 'SimpleWatcher::OnHandleReady', 'ParseHTML'].includes(name)
                ? 'other'
                : 'js';
  const groups: Record<string, number> = {};
  for (const [k, v] of Object.entries(self)) groups[group(k)] = (groups[group(k)] ?? 0) + v;
  (collected[label] ??= []).push({ total: total / 1000, ...Object.fromEntries(Object.entries(groups).map(([k, v]) => [k, v / 1000])) });
  console.log(
    `== ${label}: span ${((end - start) / 1000).toFixed(1)} ms wall, main-thread CPU in tasks ${(total / 1000).toFixed(1)} ms: ${Object.entries(groups)
      .sort((a, b) => b[1] - a[1])
      .map(([k, v]) => `${k} ${(v / 1000).toFixed(1)}`)
      .join(', ')}`,
  );
  if (!process.env.DETAIL) return;
  for (const [k, v] of Object.entries(self)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 18))
    console.log(`  ${(v / 1000).toFixed(1).padStart(8)} ${k}`);
  if (process.env.TIMELINE) {
    const nav = events.filter((e) => e.name === 'navigationStart').map((e) => e.ts);
    const t0 = nav.length ? Math.max(...nav) : start;
    const tops = ev.filter((e) => e.dur! > 1500 && !stack.includes(e as never));
    let lastEnd = 0;
    for (const e of tops) {
      if (e.ts < lastEnd) continue;
      lastEnd = e.ts + e.dur!;
      const kids = ev.filter(
        (k) => k !== e && k.ts >= e.ts && k.ts + k.dur! <= lastEnd && k.dur! > 1000 && !['ThreadControllerImpl::RunTask', 'RunTask'].includes(k.name),
      );
      const names = [...new Set(kids.map((k) => k.name))].slice(0, 8).join(',');
      console.log(
        `  @${((e.ts - t0) / 1000).toFixed(1)} +${(e.dur! / 1000).toFixed(1)} cpu ${(((e as { tdur?: number }).tdur ?? 0) / 1000).toFixed(1)} ${e.name}: ${names}`,
      );
    }
    for (const e of ev.filter((x) => ['Layout', 'UpdateLayoutTree'].includes(x.name) && x.dur! > 1000)) {
      const stack = (e.args?.beginData as { stackTrace?: { url: string; lineNumber: number; columnNumber: number; functionName: string }[] } | undefined)
        ?.stackTrace;
      if (!stack) continue;
      const where: string[] = [];
      for (const f of stack.slice(0, 6)) where.push(await place(f.url, f.lineNumber - 1, f.columnNumber - 1, f.functionName));
      console.log(`  forced ${e.name} ${(e.dur! / 1000).toFixed(1)} ms from ${where.join(' < ')}`);
    }
    for (const e of ev.filter((x) => ['Layout', 'UpdateLayoutTree', 'Paint', 'PrePaint'].includes(x.name) && x.dur! > 1000))
      if (!process.env.STACKS)
        console.log(
          `  @${((e.ts - t0) / 1000).toFixed(1)} ${e.name} ${(e.dur! / 1000).toFixed(1)} ${JSON.stringify(e.args).slice(0, process.env.STACKS ? 3000 : 300)}`,
        );
    const ends = events.filter((x) => x.tid === main.tid && x.ph === 'E' && ['Layout'].includes(x.name));
    for (const e of ends) console.log(`  @${((e.ts - t0) / 1000).toFixed(1)} end ${e.name} ${JSON.stringify(e.args).slice(0, 300)}`);
    for (const e of events.filter((x) => x.tid === main.tid && x.ph === 'B' && ['Layout'].includes(x.name)))
      console.log(`  @${((e.ts - t0) / 1000).toFixed(1)} begin ${e.name} ${JSON.stringify(e.args).slice(0, 300)}`);
    for (const e of events.filter((x) =>
      ['ResourceSendRequest', 'ResourceFinish', 'ResourceReceiveResponse', 'firstPaint', 'firstContentfulPaint', 'navigationStart', 'domInteractive'].includes(
        x.name,
      ),
    ))
      console.log(
        `  @${((e.ts - t0) / 1000).toFixed(1)} ${e.name} ${String((e.args?.data as { url?: string } | undefined)?.url ?? '')
          .split('/')
          .pop()}`,
      );
  }
}

/** V8's CPU profile while `run` runs: total and self time per function, named through the source maps. */
async function cpuProfile(cdp: CDPSession, run: () => Promise<unknown>, label: string): Promise<void> {
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Profiler.start');
  await run();
  const { profile } = (await cdp.send('Profiler.stop')) as {
    profile: {
      nodes: {
        id: number;
        callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
        hitCount?: number;
        children?: number[];
      }[];
      samples: number[];
      timeDeltas: number[];
    };
  };
  const self: Record<string, number> = {};
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const dt = new Map<number, number>();
  profile.samples.forEach((id, i) => dt.set(id, (dt.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  for (const [id, us] of dt) {
    const n = byId.get(id)!;
    const fb = `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').pop()}:${n.callFrame.lineNumber}`;
    const key = await place(n.callFrame.url, n.callFrame.lineNumber, n.callFrame.columnNumber, fb);
    self[key] = (self[key] ?? 0) + us;
  }
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const keyOf = new Map<number, string>();
  for (const n of profile.nodes) {
    const fb = `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').pop()}:${n.callFrame.lineNumber}`;
    keyOf.set(n.id, await place(n.callFrame.url, n.callFrame.lineNumber, n.callFrame.columnNumber, fb));
  }
  const total: Record<string, number> = {};
  for (const [id, us] of dt) {
    const seen = new Set<string>();
    for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
      const k = keyOf.get(cur)!;
      if (seen.has(k)) continue;
      seen.add(k);
      total[k] = (total[k] ?? 0) + us;
    }
  }
  console.log(`== cpu total ${label}`);
  for (const [k, v] of Object.entries(total)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 45))
    console.log(`  ${(v / 1000).toFixed(1).padStart(8)} ${k}`);
  console.log(`== cpu ${label}`);
  for (const [k, v] of Object.entries(self)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 30))
    console.log(`  ${(v / 1000).toFixed(1).padStart(8)} ${k}`);
}

/** Page-clock ms from a click on the Stats page button to the frame where its size chart's labels show. */
async function timeStatsOpen(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const t0 = performance.now();
    (window as unknown as { __log?: [string, number][] }).__log?.push(['click', t0]);
    [...document.querySelectorAll<HTMLElement>('button')].find((b) => b.textContent?.includes('Stats'))!.click();
    for (;;) {
      if (document.querySelector('.bar-labels')) {
        (window as unknown as { __log?: [string, number][] }).__log?.push(['done', performance.now()]);
        return performance.now() - t0;
      }
      await new Promise((r) => requestAnimationFrame(r));
    }
  });
}

/** Filters the turns list to `turnId`, opens that turn and waits for its first entry row. */
async function openOnlyTurn(page: Page, turnId: string): Promise<void> {
  await page.getByLabel('Filter turns by turn id or executor').fill(turnId);
  await page.waitForFunction(() => document.querySelectorAll('[role="listbox"][aria-label="Turns"] [role="option"]').length === 1);
  await page.locator('[role="listbox"][aria-label="Turns"] [role="option"]').first().click();
  await page
    .getByRole('listbox', { name: `Entries of turn ${turnId}` })
    .getByRole('option')
    .first()
    .waitFor();
}

/**
 * The suite's first-paint reloads from launch (the suite does not wait for the first page either), each printed
 * with the turns:list handler time of that reload, and for the whole run this process's longest event-loop stall
 * and its GC pauses over 5 ms (this process also serves the page and runs the handlers). `settleMs` first.
 */
async function paintCold(app: AppSession, settleMs: number): Promise<void> {
  const gcs: string[] = [];
  const t0 = performance.now();
  const gcWatch = new NodePerformanceObserver((list) => {
    for (const e of list.getEntries()) if (e.duration > 5) gcs.push(`${(e.startTime - t0).toFixed(0)}ms+${e.duration.toFixed(0)}`);
  });
  gcWatch.observe({ entryTypes: ['gc'] });
  if (settleMs > 0) await new Promise((r) => setTimeout(r, settleMs));
  const cdp = await app.context.newCDPSession(app.page);
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  const paints = await firstPaintTimes(app, cdp, REPS);
  loop.disable();
  gcWatch.disconnect();
  // The launch page asks once, before the reloads (its answer may still be on its way when they start).
  const lists = app.invoked.filter((r) => r.channel === 'turns:list').map((r) => r.handlerMs!.toFixed(0));
  const sorted = [...paints].sort((a, b) => a - b);
  console.log(
    `PAINTCOLD settle ${settleMs} ms median ${sorted[Math.floor(sorted.length / 2)]!.toFixed(0)} reloads ${paints.map((p) => p.toFixed(0)).join(' ')}`,
  );
  console.log(`  turns:list handler ms, the launch page's then each reload's: ${lists.join(' ')}`);
  console.log(`  event-loop stall max ${(loop.max / 1e6).toFixed(0)} ms; GC pauses > 5 ms (from launch): ${gcs.join(' ') || 'none'}`);
}

async function main(): Promise<void> {
  mkdirSync(DIR, { recursive: true });
  const infoFile = `${DIR}/heavy.json`;
  let heavy: HeavyFile;
  if (existsSync(infoFile)) heavy = JSON.parse(readFileSync(infoFile, 'utf8')) as HeavyFile;
  else {
    heavy = await writeHeavyFile(DIR, UI_NOW, Number(process.env.SCALE ?? 0.02));
    writeFileSync(infoFile, JSON.stringify(heavy));
  }
  const which = (process.argv[2] ?? 'paint,open,stats').split(',');
  const mode = process.argv[3] ?? 'trace';
  const app = await launchApp({ dbPath: heavy.path, principal: USER, now: UI_NOW, viewport: { width: 1440, height: 900 } });
  try {
    const { page } = app;
    if (which.includes('paintcold')) return await paintCold(app, Number(process.env.SETTLE ?? 0));
    const cdp = await app.context.newCDPSession(page);
    // The page's instrumentation for split: installed now and on every load (a reload, as paint does, starts a new
    // page without it), after the bridge's own init script, whose invoke function it wraps.
    const instrument = (name: string) => {
      const w = window as unknown as Record<string, unknown> & { __log: [string, number][] };
      w.__log = [];
      const orig = w[name] as (...a: unknown[]) => Promise<unknown>;
      w[name] = (...a: unknown[]) => {
        w.__log.push([`call ${String(a[0])}`, performance.now()]);
        return orig(...a).then((r) => {
          w.__log.push([`resp ${String(a[0])}`, performance.now()]);
          queueMicrotask(() => w.__log.push([`resp+micro ${String(a[0])}`, performance.now()]));
          setTimeout(() => w.__log.push([`resp+task ${String(a[0])}`, performance.now()]));
          return r;
        });
      };
      new MutationObserver((records) => {
        let n = 0;
        for (const r of records) n += r.addedNodes.length;
        w.__log.push([`mutations ${records.length} added ${n}`, performance.now()]);
      }).observe(document, { childList: true, subtree: true });
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) w.__log.push([`longtask ${e.duration.toFixed(0)} from`, e.startTime]);
      }).observe({ type: 'longtask' });
    };
    if (mode === 'split') {
      await page.evaluate(instrument, '__scratchpadE2eInvoke');
      await app.context.addInitScript(instrument, '__scratchpadE2eInvoke');
    }
    const measure = async (label: string, run: () => Promise<unknown>) => {
      const before = app.invoked.length;
      if (mode === 'split') {
        await page.evaluate(() => ((window as unknown as { __log: unknown[]; __t0: number }).__log.length = 0));
        await run();
        const log = await page.evaluate(() => (window as unknown as { __log: [string, number][] }).__log);
        const t0 = log[0]?.[1] ?? 0;
        console.log(`== ${label}`);
        for (const [what, at] of log) console.log(`  ${(at - t0).toFixed(1).padStart(7)} ${what}`);
      } else if (mode === 'cpu') await cpuProfile(cdp, run, label);
      else {
        const events = await trace(cdp, run);
        await summarize(events, label);
        // The JSON tree's parse runs in a worker: its thread's CPU time too (events of the last worker started).
        if (events.some((e) => e.name === 'thread_name' && e.args?.name === 'DedicatedWorker thread'))
          await summarize(events, `${label} (worker)`, 'DedicatedWorker thread');
      }
      for (const r of app.invoked.slice(before)) console.log(`  handler ${r.channel} ${r.handlerMs?.toFixed(1)} ms ${r.contentLength ?? ''}`);
    };
    await page.getByRole('listbox', { name: 'Turns' }).getByRole('option').first().waitFor();
    if (which.includes('paintwall')) {
      // As bench/suites/ui.ts: navigation start to the frame after the first turn row, on Chromium's clock.
      const paints = await firstPaintTimes(app, cdp, REPS);
      paints.sort((a, b) => a - b);
      console.log(`PAINTWALL median ${paints[Math.floor(paints.length / 2)]!.toFixed(0)} all ${paints.map((p) => p.toFixed(0)).join(' ')}`);
    }
    if (which.includes('paint') && !which.includes('paintwall')) {
      for (let i = 0; i < REPS; i++)
        await measure('reload to first turn row', async () => {
          await page.reload();
          await page.getByRole('listbox', { name: 'Turns' }).getByRole('option').first().waitFor();
          await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r))));
        });
    }
    if (which.includes('open')) {
      const filter = page.getByLabel('Filter turns by turn id or executor');
      for (let i = 0; i < REPS; i++) {
        await filter.fill(heavy.bigTurn);
        await page.waitForFunction(
          (id) =>
            document.querySelectorAll('[role="listbox"][aria-label="Turns"] [role="option"]').length === 1 &&
            document.querySelector('[role="listbox"][aria-label="Turns"] [role="option"]')!.textContent!.includes(id),
          heavy.bigTurn,
        );
        await page.locator('[role="listbox"][aria-label="Turns"] [role="option"]').first().click();
        await page.getByRole('listbox', { name: `Entries of turn ${heavy.bigTurn}` }).waitFor();
        await filter.fill(heavy.stepsTurn);
        await page.waitForFunction(
          (id) =>
            document.querySelectorAll('[role="listbox"][aria-label="Turns"] [role="option"]').length === 1 &&
            document.querySelector('[role="listbox"][aria-label="Turns"] [role="option"]')!.textContent!.includes(id),
          heavy.stepsTurn,
        );
        await page.waitForTimeout(200);
        await measure('open 300-step turn', async () => {
          const ms = await page.evaluate(async (turn) => {
            const t0 = performance.now();
            (window as unknown as { __log?: [string, number][] }).__log?.push(['click', t0]);
            document.querySelector<HTMLElement>('[role="listbox"][aria-label="Turns"] [role="option"]')!.click();
            for (;;) {
              // As the suite's timeStep: the count shown and the first rows of this turn (the list is virtualized).
              const first = document.querySelector(`[aria-label="Entries of turn ${turn}"] [role="option"]`);
              if (first?.getAttribute('aria-setsize') === '300' && document.querySelector('.pane-entries .pane-count')?.textContent?.includes('300 entries')) {
                (window as unknown as { __log?: [string, number][] }).__log?.push(['done', performance.now()]);
                return performance.now() - t0;
              }
              await new Promise((r) => requestAnimationFrame(r));
            }
          }, heavy.stepsTurn);
          console.log('  page ms', ms.toFixed(1));
          (collected['open page ms'] ??= []).push({ wall: ms });
          await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r))));
        });
      }
    }
    if (which.includes('json')) {
      // As bench/suites/ui.ts: the JSON entry's Content tab opened afresh each time (another entry in between).
      await openOnlyTurn(page, heavy.bigTurn);
      for (let i = 0; i < REPS; i++) {
        await page.locator('#entry-row-0').click();
        await page.getByRole('tab', { name: 'Content' }).click();
        await page.locator('.slice-text .line').first().waitFor();
        await page.locator('#entry-row-2').click();
        await page.getByRole('tab', { name: 'What the model saw' }).waitFor();
        await page.waitForTimeout(300);
        await measure('open json tree', async () => {
          const [first, all] = await page.evaluate(async () => {
            const log = (window as unknown as { __log?: [string, number][] }).__log;
            const t0 = performance.now();
            log?.push(['click Content', t0]);
            [...document.querySelectorAll<HTMLElement>('[role="tab"]')].find((b) => b.textContent?.includes('Content'))!.click();
            let firstRows = NaN;
            for (;;) {
              const tree = document.querySelector('[aria-label="JSON tree"]');
              if (Number.isNaN(firstRows) && tree?.querySelector('[role="treeitem"]')) {
                firstRows = performance.now() - t0;
                log?.push(['first rows', performance.now()]);
              }
              if (tree?.textContent?.includes('items: [50,000 items]')) {
                log?.push(['done', performance.now()]);
                return [firstRows, performance.now() - t0];
              }
              await new Promise((r) => requestAnimationFrame(r));
            }
          });
          console.log(`  page ms first rows ${first.toFixed(1)} all ${all.toFixed(1)}`);
          (collected['json page ms'] ??= []).push({ first, all });
          await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r))));
        });
      }
    }
    if (which.includes('statsbench')) {
      await openOnlyTurn(page, heavy.bigTurn);
      await page.locator('#entry-row-2').click();
      await page.getByRole('tab', { name: 'Content' }).click();
      await page.waitForFunction(() => document.querySelector('[aria-label="JSON tree"]')?.textContent?.includes('items: [50,000 items]'));
      await page.getByRole('navigation', { name: 'Pages' }).getByRole('button', { name: /^gc\b/ }).click();
      await page.getByRole('button', { name: 'Preview gc now' }).click();
      await page.locator('.gc-preview .gc-summary').waitFor();
      await page
        .getByRole('navigation', { name: 'Pages' })
        .getByRole('button', { name: /^Turns\b/ })
        .click();
      await measure('stats as the bench', async () => {
        const ms = await timeStatsOpen(page);
        console.log('  page ms', ms.toFixed(1));
      });
    }
    if (which.includes('stats')) {
      for (let i = 0; i < REPS; i++) {
        await page
          .getByRole('navigation', { name: 'Pages' })
          .getByRole('button', { name: /^Turns\b/ })
          .click();
        await page.waitForTimeout(300);
        await measure('stats', async () => {
          const ms = await timeStatsOpen(page);
          console.log('  page ms', ms.toFixed(1));
          await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r))));
        });
      }
    }
  } finally {
    await app.close();
  }
  medians();
}

await main();
