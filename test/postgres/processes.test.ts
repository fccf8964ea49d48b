import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openScratchpad, type Scratchpad } from '../../app/scratchpad';
import { createAppDatabase } from '../support/pg-app';
import type { TestDatabase } from '../support/pg-db';
import { contentOf } from './workers/content';

/*
 * Writer and gc processes on one database, as the service runs them: killed with SIGKILL mid-put and mid-gc
 * (then no partial row is visible), and several writers with a reader and gc (no lost row, no error surfacing).
 */

const WORKER = fileURLToPath(new URL('./workers/pg-worker.ts', import.meta.url));
const operator = { kind: 'operator' } as const;
let db: TestDatabase;
let url: string;
let admin: pg.Client;

interface Child {
  readonly proc: ChildProcess;
  readonly lines: string[];
  stderr: string;
  readonly done: Promise<number | null>;
}

function start(...args: string[]): Child {
  const proc = spawn(process.execPath, ['--import', 'tsx', WORKER, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  const child: Child = { proc, lines: [], stderr: '', done: new Promise((r) => proc.on('close', (code) => r(code))) };
  let buf = '';
  proc.stdout!.on('data', (d: Buffer) => {
    buf += d.toString();
    const parts = buf.split('\n');
    buf = parts.pop() ?? '';
    child.lines.push(...parts);
  });
  proc.stderr!.on('data', (d: Buffer) => (child.stderr += d.toString()));
  return child;
}

async function until(cond: () => boolean, ms = 30_000): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error('timed out waiting for the worker');
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * Every row's chunks are all there (an inline row's one chunk being its own data, schema 5), and no chunk or
 * read-log row lacks its row (checked as the superuser, past RLS).
 */
async function expectNoPartialRow(): Promise<void> {
  const partial = await admin.query(`SELECT o.pk FROM scratchpad.observations o LEFT JOIN scratchpad.chunks c ON c.entry_pk = o.pk
    GROUP BY o.pk, o.length_units, o.chunk_units
    HAVING count(c.seq) + count(DISTINCT length(o.data)) <> greatest(1, ceil(o.length_units::numeric / o.chunk_units))
      OR (count(c.seq) > 0 AND max(length(o.data)) IS NOT NULL)
      OR coalesce(sum(length(c.data)), 0) + coalesce(max(length(o.data)), 0) <> max(o.size_bytes)`);
  expect(partial.rows).toEqual([]);
  const orphans = await admin.query(`SELECT entry_pk FROM scratchpad.chunks WHERE entry_pk NOT IN (SELECT pk FROM scratchpad.observations)
    UNION ALL SELECT entry_pk FROM scratchpad.read_log WHERE entry_pk NOT IN (SELECT pk FROM scratchpad.observations)`);
  expect(orphans.rows).toEqual([]);
}

/** Each id printed by writer `name` reads back whole, with its exact content. */
async function expectWritten(store: Scratchpad, name: string, ids: readonly string[], codePoints: number): Promise<void> {
  for (const [i, id] of ids.entries()) {
    const got = await store.get({ kind: 'user', userId: name }, id);
    expect(got.content === contentOf(name, i, codePoints), `${name} #${i}`).toBe(true);
  }
}

beforeAll(async () => {
  ({ db, admin, url } = await createAppDatabase(inject('pgAdminUrl')));
});
afterAll(() => db.drop());

describe('kill -9 of a writer process', () => {
  it('during puts of multi-chunk observations leaves no partial row; every committed put reads back whole', async () => {
    const cps = 300_000; // 10 chunks of 32,768 code points: each put is a transaction of several statements
    const w = start('put', url, 'killed', '200', String(cps));
    await until(() => w.lines.length >= 4);
    w.proc.kill('SIGKILL');
    await w.done;
    await expectNoPartialRow();
    const store = await openScratchpad(url);
    try {
      await expectWritten(store, 'killed', w.lines.slice(0, 4), cps);
      const rows = await store.listTurns({ kind: 'user', userId: 'killed' });
      expect(rows.turns.reduce((n, t) => n + t.entryCount, 0)).toBeGreaterThanOrEqual(4);
    } finally {
      await store.close();
    }
  });

  it('during gc leaves every row whole or gone, and a later gc finishes the work', async () => {
    const seed = start('put', url, 'fodder', '3000', '40');
    expect(await seed.done).toBe(0);
    const gc = start('gc', url, '0');
    await until(() => gc.lines.length >= 1 || gc.stderr !== '', 30_000).catch(() => undefined);
    await new Promise((r) => setTimeout(r, 5));
    gc.proc.kill('SIGKILL');
    await gc.done;
    await expectNoPartialRow();
    const store = await openScratchpad(url);
    try {
      await store.gc(operator);
      expect((await store.stats(operator)).expiredRows).toBe(0);
      await expectNoPartialRow();
    } finally {
      await store.close();
    }
  });
});

describe('several writer processes, a reader and gc', () => {
  it('lose no row and surface no error (serialization failures and deadlocks retried)', async () => {
    const names = ['w1', 'w2', 'w3'];
    const writers = names.map((n) => start('put', url, n, '60', '40000'));
    const gc = start('gc', url, '40');
    const reader = await openScratchpad(url, { readonly: true });
    try {
      let reads = 0;
      while (writers.some((w) => w.proc.exitCode === null)) {
        const turns = await reader.listTurns(operator, { limit: 20 });
        for (const t of turns.turns.slice(0, 2)) reads += (await reader.listForTurn(operator, t.turnId)).length;
        await new Promise((r) => setTimeout(r, 10));
      }
      const codes = await Promise.all([...writers.map((w) => w.done), gc.done]);
      expect([...writers, gc].map((w) => w.stderr)).toEqual(['', '', '', '']);
      expect(codes).toEqual([0, 0, 0, 0]);
      expect(reads).toBeGreaterThan(0);
      for (const [k, w] of writers.entries()) {
        const live = w.lines.filter((_, i) => i % 3 !== 2);
        expect(live).toHaveLength(40);
        for (const [i, id] of w.lines.entries()) {
          if (i % 3 === 2) continue;
          const got = await reader.get({ kind: 'user', userId: names[k]! }, id);
          expect(got.content === contentOf(names[k]!, i, 40_000), `${names[k]} #${i}`).toBe(true);
        }
      }
      await expectNoPartialRow();
    } finally {
      await reader.close();
    }
  });
});
