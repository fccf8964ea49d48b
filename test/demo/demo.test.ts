import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expiryState, type EntryMeta } from '../../app/contract';
import { writeDemoDatabase, type DemoEntry, type DemoResult } from '../../app/demo';
import { openScratchpad } from '../../app/scratchpad';
import type { Scratchpad } from '../../app/scratchpad/types';
import { piecesOf } from '../scratchpad/helpers';

const NOW = 1_796_000_000.5;
const OPERATOR = { kind: 'operator' } as const;
const sha256 = (b: Uint8Array | string) => createHash('sha256').update(b).digest('hex');

let dir: string;
let path: string;
let result: DemoResult;
let store: Scratchpad;
const byLabel = (label: DemoEntry['label']) => {
  const e = result.entries.find((x) => x.label === label);
  if (!e) throw new Error(`no demo row ${label}`);
  return e;
};

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'demo-db-'));
  path = join(dir, 'demo.db');
  result = await writeDemoDatabase(path, { now: NOW });
  store = await openScratchpad(path, { readonly: true, clock: () => NOW });
});
afterAll(async () => {
  await store?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('writeDemoDatabase', () => {
  it('reports the rows, owners and turns it wrote', () => {
    expect(result.rows).toBe(result.entries.length);
    expect(result.rows).toBe(20);
    expect(result.owners).toEqual(['alice', 'bob', 'ci-bot']);
    expect(result.turns).toBe(new Set(result.entries.map((e) => e.turnId)).size);
    expect(result.turns).toBe(7);
    expect(new Set(result.entries.map((e) => e.label)).size).toBe(result.rows);
  });

  it('stores every row with the owner, turn, step, kind, size and times it reports', async () => {
    const turns = (await store.listTurns(OPERATOR, { limit: 1000 })).turns;
    expect(turns.map((t) => t.turnId).sort()).toEqual([...new Set(result.entries.map((e) => e.turnId))].sort());
    const stored = new Map<string, EntryMeta>((await Promise.all(turns.map((t) => store.listForTurn(OPERATOR, t.turnId)))).flat().map((m) => [m.id, m]));
    expect(stored.size).toBe(result.rows);
    for (const e of result.entries) {
      const m = stored.get(e.id);
      expect(m, e.label).toBeDefined();
      expect({
        owner: m!.owner,
        turnId: m!.turnId,
        stepNum: m!.stepNum,
        executorName: m!.executorName,
        kind: m!.kind,
        structured: m!.structured,
        sizeBytes: m!.sizeBytes,
      }).toEqual({
        owner: e.owner,
        turnId: e.turnId,
        stepNum: e.stepNum,
        executorName: e.executorName,
        kind: e.kind,
        structured: e.structured,
        sizeBytes: e.sizeBytes,
      });
      expect(m!.createdAt).toBeCloseTo(e.createdAt, 3);
      expect(m!.expiresAt).toBeCloseTo(e.expiresAt, 3);
      expect(m!.expiry).toBe(expiryState(e.expiresAt, NOW));
    }
  });

  it('has expired rows, a row born expired, rows expiring within 5 minutes and live rows', async () => {
    const states = result.entries.map((e) => expiryState(e.expiresAt, NOW));
    expect(states.filter((s) => s === 'expired').length).toBe(3);
    expect(states.filter((s) => s === 'expiring').length).toBe(2);
    expect(states.filter((s) => s === 'live').length).toBe(15);
    const born = byLabel('born-expired');
    expect(born.expiresAt).toBeLessThan(born.createdAt);
    expect((await store.stats(OPERATOR)).expiredRows).toBe(3);
  });

  it('keeps each owner to their own turns', async () => {
    for (const owner of result.owners) {
      const mine = new Set(result.entries.filter((e) => e.owner === owner).map((e) => e.turnId));
      const seen = (await store.listTurns({ kind: 'user', userId: owner }, { limit: 1000 })).turns.map((t) => t.turnId);
      expect(seen.sort()).toEqual([...mine].sort());
    }
    await expect(store.describe({ kind: 'user', userId: 'alice' }, byLabel('large-log').id)).rejects.toThrow(expect.objectContaining({ code: 'NOT_FOUND' }));
  });

  it('stores a real image, a gzip archive and opaque bytes as binary rows of the detected types', async () => {
    const png = byLabel('png-image');
    const d = await store.describe(OPERATOR, png.id);
    expect(d.detectedType).toBe('png');
    if (png.source !== 'generated') expect(d.sha256).toBe(sha256(readFileSync(png.source)));
    expect((await store.describe(OPERATOR, byLabel('gzip-archive').id)).detectedType).toBe('gzip');
    expect((await store.describe(OPERATOR, byLabel('binary-blob').id)).detectedType).toBe('unknown');
  });

  it('stores real text files byte for byte', async () => {
    const license = byLabel('license-text');
    if (license.source === 'generated') return;
    const bytes = readFileSync(license.source);
    expect(license.sizeBytes).toBe(bytes.length);
    expect((await store.describe(OPERATOR, license.id)).sha256).toBe(sha256(bytes));
  });

  it('stores directory listings as structured JSON with the real entries', async () => {
    const listing = byLabel('directory-listing-large');
    const json = JSON.parse(Buffer.concat(await piecesOf(await store.iterateContent(OPERATOR, listing.id))).toString('utf8')) as { files: { name: string }[] };
    if (listing.source !== 'generated') expect(json.files.map((f) => f.name)).toEqual(readdirSync(listing.source).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(json.files.length).toBeGreaterThan(0);
  });

  it('holds a log of a few MB, accented and emoji text, and HTML that must be shown literally', async () => {
    expect(byLabel('large-log').sizeBytes).toBeGreaterThanOrEqual(4 * 1024 * 1024);
    const unicode = (await store.describe(OPERATOR, byLabel('unicode-text').id)).meta;
    expect(unicode.lengthCodePoints).toBeLessThan(unicode.sizeBytes);
    const html = (await store.read(OPERATOR, byLabel('html-injection').id, { mode: 'head', n: 400 })).content;
    expect(html).toContain('<img src=x onerror=alert(1)>');
  });

  it('writes the same content for the same now', async () => {
    const again = join(dir, 'again.db');
    const second = await writeDemoDatabase(again, { now: NOW });
    const other = await openScratchpad(again, { readonly: true, clock: () => NOW });
    try {
      for (const e of second.entries)
        expect((await other.describe(OPERATOR, e.id)).sha256, e.label).toBe((await store.describe(OPERATOR, byLabel(e.label).id)).sha256);
    } finally {
      await other.close();
    }
  });

  it('refuses to replace an existing file unless asked, and replaces it when asked', async () => {
    const target = join(dir, 'existing.db');
    writeFileSync(target, 'not a database');
    await expect(writeDemoDatabase(target, { now: NOW })).rejects.toMatchObject({
      code: 'EXISTS',
      message: `${target} already exists (use overwrite: true to replace it)`,
    });
    expect(readFileSync(target, 'utf8')).toBe('not a database');
    expect((await writeDemoDatabase(target, { now: NOW, overwrite: true, largeLogBytes: 1024 })).rows).toBe(20);
  });
});

describe('the demo model reads', () => {
  it('leaves the read log a runtime would record: slices actually returned, capped full reads truncated', async () => {
    const license = byLabel('license-text');
    const log = await store.readLog(OPERATOR, { id: license.id });
    expect(log.map(({ mode, start, end, truncated, principal, unit }) => ({ mode, start, end, truncated, principal, unit }))).toEqual([
      { mode: 'head', start: 0, end: 2000, truncated: false, principal: 'alice', unit: 'code_points' },
      { mode: 'range', start: 18_000, end: 21_000, truncated: false, principal: 'alice', unit: 'code_points' },
    ]);
    expect(log[0]!.at).toBe(license.createdAt + 5);

    const logRow = byLabel('large-log');
    const length = (await store.describe(OPERATOR, logRow.id)).meta.lengthCodePoints!;
    const logReads = await store.readLog(OPERATOR, { id: logRow.id });
    expect(logReads.map(({ mode, start, end, truncated }) => ({ mode, start, end, truncated }))).toEqual([
      { mode: 'tail', start: length - 4000, end: length, truncated: false },
      { mode: 'range', start: 1_500_000, end: 1_502_000, truncated: false },
      { mode: 'full', start: 0, end: 16_000, truncated: true },
    ]);

    const png = await store.readLog(OPERATOR, { id: byLabel('png-image').id });
    expect(png.map(({ unit, start, end }) => ({ unit, start, end }))).toEqual([{ unit: 'bytes', start: 0, end: 24 }]);
    expect(await store.readLog(OPERATOR, { id: byLabel('readme').id })).toEqual([]);
  });
});
