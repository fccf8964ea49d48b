import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openScratchpad } from '../../app/scratchpad';
import { encodeText } from '../../app/scratchpad/core/encode';
import { putObservationRow } from '../../app/scratchpad/postgres/data/put';
import { openSchema } from '../../app/scratchpad/postgres/migrate';
import { openPgTarget } from '../../app/scratchpad/postgres/pool';
import { turnEntries } from '../../app/scratchpad/postgres/store/listing';
import { ROW_FIXED_UNITS, RowCache, turnKey } from '../../app/scratchpad/postgres/store/row-cache';
import { meta, seedOwner, TEXT_CHUNK } from './fixtures';
import { perTestDatabaseWithRoles } from './helpers';

/*
 * Schema 7: turn_entries_held, a turn's listing that sends only [pk, version] for the rows the caller holds at
 * their current versions (xmin). The migration from 6 rewrites nothing; the held listing answers what the split
 * listing of schema 4 answers; a held pair is honoured only for the same row and version, and only for rows the
 * bound principal sees.
 */

const env = perTestDatabaseWithRoles();
const client = env.client;

const label = 'postgres://app@127.0.0.1/test';
const alice = { kind: 'user', userId: 'alice' } as const;

/** turn_entries_held's answer bound to `owner`, holding `pairs` (pk and version): per row its pk, version, held flag and length, and the summaries. */
async function held(c: pg.ClientBase, owner: string, turnId: string, pairs: readonly [number, string][]) {
  const res = await c.query(`SELECT entries, summaries FROM scratchpad.turn_entries_held($1, false, $2, $3)`, [
    owner,
    turnId,
    JSON.stringify(Object.fromEntries(pairs)),
  ]);
  const { entries, summaries } = res.rows[0] as { entries: unknown[][]; summaries: string };
  return {
    rows: entries.map((a) => ({ pk: a[0] as number, version: a[a.length - 2] as string, held: a[a.length - 1] as boolean, fields: a.length })),
    summaries,
  };
}

/** Puts three text rows of alice in turn `t` through the one-chunk call; returns their row numbers. */
async function threeRows(): Promise<number[]> {
  const target = await openPgTarget(env.roles.appUrl);
  try {
    const pks: number[] = [];
    for (const s of ['one', 'two', 'three']) {
      const r = await putObservationRow(
        target,
        { owner: 'alice', operator: false },
        meta('alice', 't', { summary: `summary ${s}` }),
        encodeText(s, TEXT_CHUNK),
      );
      pks.push(r.pk);
    }
    return pks;
  } finally {
    await target.close();
  }
}

describe('migration 6 to 7', () => {
  it('rewrites no row, and the held listing with nothing held answers what the split listing answers', async () => {
    const admin = await env.db.admin();
    const app = await client(env.roles.appUrl);
    expect(await openSchema(app, { label, target: 6 })).toBe(6);
    await seedOwner(app, 'alice');
    await seedOwner(app, 'bob');
    await threeRows();
    const rows = async () => (await admin.query(`SELECT to_jsonb(o) - 'data' AS row, md5(o.data) AS data FROM scratchpad.observations o ORDER BY pk`)).rows;
    const before = await rows();
    expect(before).toHaveLength(5);
    const split = async () => (await app.query(`SELECT entries, summaries FROM scratchpad.turn_entries_split('alice', false, 't')`)).rows[0];
    const splitBefore = await split();

    expect(await openSchema(app, { label })).toBe(7);
    expect(await rows()).toEqual(before);
    expect(await split()).toEqual(splitBefore);
    const res = (await app.query(`SELECT entries, summaries FROM scratchpad.turn_entries_held('alice', false, 't', '{}')`)).rows[0];
    expect(res.summaries).toBe(splitBefore.summaries);
    expect(res.summaries).toBe('summary one\u001esummary two\u001esummary three');
    expect((res.entries as unknown[][]).map((a) => a.slice(0, 15))).toEqual(splitBefore.entries);
    expect((res.entries as unknown[][]).map((a) => a[16])).toEqual([false, false, false]);
  });
});

describe('turn_entries_held', () => {
  it('sends only the pk and version of a row held at its current version, and no summary for it', async () => {
    const app = await client(env.roles.appUrl);
    await openSchema(app, { label });
    const [a, b, c] = await threeRows();
    const all = await held(app, 'alice', 't', []);
    expect(all.rows.map((r) => [r.pk, r.held])).toEqual([
      [a, false],
      [b, false],
      [c, false],
    ]);
    const version = (pk: number) => all.rows.find((r) => r.pk === pk)!.version;
    expect(version(a!)).toMatch(/^\d+$/);

    // a and c held at their versions: only b's summary comes.
    expect(
      await held(app, 'alice', 't', [
        [a!, version(a!)],
        [c!, version(c!)],
      ]),
    ).toEqual({ rows: all.rows.map((r) => (r.pk === b ? r : { ...r, held: true, fields: 3 })), summaries: 'summary two' });
    expect(all.rows.map((r) => r.fields)).toEqual([17, 17, 17]);

    // A TTL change makes a new version of b: the pair held from before no longer matches, its summary comes again.
    await app.query(
      `BEGIN; SELECT set_config('scratchpad.principal', 'alice', true); UPDATE scratchpad.observations SET expires_at = 9999 WHERE pk = ${b}; COMMIT`,
    );
    const after = await held(app, 'alice', 't', [
      [a!, version(a!)],
      [b!, version(b!)],
    ]);
    expect(after.rows.map((r) => [r.held, r.fields])).toEqual([
      [true, 3],
      [false, 17],
      [false, 17],
    ]);
    expect(after.rows.find((r) => r.pk === b)!.version).not.toBe(version(b!));
    expect(after.summaries).toBe('summary two\u001esummary three');
  });

  it("lists only the bound principal's rows, whatever pairs it passes", async () => {
    const app = await client(env.roles.appUrl);
    await openSchema(app, { label });
    const pks = await threeRows();
    const versions = (await held(app, 'alice', 't', [])).rows.map((r) => [r.pk, r.version] as [number, string]);
    // bob (a per-user role, binding alice in vain) passing alice's pairs sees nothing of hers.
    const bob = await client(env.roles.bob.url);
    expect(await held(bob, 'alice', 't', versions)).toEqual({ rows: [], summaries: '' });
    expect(pks).toHaveLength(3);
  });
});

describe('turnEntries (store/listing.ts)', () => {
  it("uses a held row only at the row's current version, and keeps the turn's rows for the next listing", async () => {
    const app = await client(env.roles.appUrl);
    await openSchema(app, { label });
    const [a, b] = await threeRows();
    const target = await openPgTarget(env.roles.appUrl);
    try {
      const scope = { kind: 'owner', owner: 'alice' } as const;
      const cache = new RowCache();
      const summaries = async () => (await turnEntries(target, scope, 't', cache)).map((e) => e.record.summary);
      expect(await summaries()).toEqual(['summary one', 'summary two', 'summary three']);
      const kept = cache.held(turnKey('alice', 't'));
      expect([...kept.keys()]).toEqual([a, b, expect.any(Number)]);
      expect(cache.heldUnits).toBe('summary one'.length + 'summary two'.length + 'summary three'.length + 3 * ROW_FIXED_UNITS);

      // A held row is used as the store kept it: a changed cache entry for the same version shows.
      cache.keep(turnKey('alice', 't'), new Map([...kept].map(([pk, h]) => [pk, { ...h, fields: { ...h.fields, summary: `kept ${pk}` } }])));
      expect(await summaries()).toEqual([`kept ${a}`, `kept ${b}`, expect.stringMatching(/^kept \d+$/)]);

      // A summary changed behind the store's back (a new row version) is fetched again.
      const admin = await env.db.admin();
      await admin.query(`UPDATE scratchpad.observations SET summary = 'edited' WHERE pk = $1`, [a]);
      expect(await summaries()).toEqual(['edited', `kept ${b}`, expect.stringMatching(/^kept \d+$/)]);
    } finally {
      await target.close();
    }
  });

  it('lists a turn whose summaries hold the separator (U+001E) the same every time', async () => {
    await openSchema(await client(env.roles.appUrl), { label });
    const store = await openScratchpad(env.roles.appUrl, { clock: () => 1_000 });
    try {
      const put = (observation: string) => store.put(alice, { turnId: 'sep', stepNum: 1, executorName: 'shell', observation, ttlSeconds: 60 });
      await put('plain');
      await put('a\u001eb');
      const list = async () => (await store.listForTurn(alice, 'sep')).map((e) => e.summary);
      expect(await list()).toEqual(['plain', 'a\u001eb']);
      expect(await list()).toEqual(['plain', 'a\u001eb']);
    } finally {
      await store.close();
    }
  });
});

describe('listForTurn of the operator (every owner)', () => {
  it("lists every owner's rows the same when asked again, and rows changed since anew", async () => {
    await openSchema(await client(env.roles.appUrl), { label });
    const app = await openScratchpad(env.roles.appUrl, { clock: () => 1_000 });
    try {
      for (const userId of ['alice', 'bob']) {
        await app.put({ kind: 'user', userId }, { turnId: 'shared', stepNum: 1, executorName: 'shell', observation: `from ${userId}`, ttlSeconds: 60 });
      }
    } finally {
      await app.close();
    }
    const ops = await openScratchpad(env.roles.operatorUrl, { clock: () => 1_000 });
    try {
      const operator = { kind: 'operator' } as const;
      const list = async () => (await ops.listForTurn(operator, 'shared')).map((e) => [e.owner, e.summary, e.expiresAt]);
      const first = await list();
      expect(first).toEqual([
        ['alice', 'from alice', 1_060],
        ['bob', 'from bob', 1_060],
      ]);
      expect(await list()).toEqual(first);
      expect(await ops.extendTtl(operator, { turnId: 'shared' }, 100)).toBe(2);
      expect(await list()).toEqual([
        ['alice', 'from alice', 1_100],
        ['bob', 'from bob', 1_100],
      ]);
    } finally {
      await ops.close();
    }
  });
});

describe('RowCache', () => {
  const rows = (...s: string[]) => new Map(s.map((summary, i) => [i + 1, { version: '7', fields: { summary }, units: summary.length }]));

  it('drops the least recently listed turns beyond its budget, and keeps no turn larger than it', () => {
    const cache = new RowCache(10);
    cache.keep('a', rows('aaaa'));
    cache.keep('b', rows('bbbb'));
    expect(cache.held('a').size).toBe(1); // a is now the most recently used
    cache.keep('c', rows('cccc'));
    expect([cache.held('a').size, cache.held('b').size, cache.held('c').size]).toEqual([1, 0, 1]);
    expect(cache.heldUnits).toBe(8);
    cache.keep('d', rows('dddddddddddd'));
    expect(cache.held('d').size).toBe(0);
    expect(cache.heldUnits).toBe(8);
    cache.keep('a', rows());
    expect(cache.heldUnits).toBe(4);
  });

  it('refuses a budget that is not an integer >= 0', () => {
    expect(() => new RowCache(-1)).toThrow(RangeError);
    expect(() => new RowCache(1.5)).toThrow(RangeError);
  });
});
