import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Principal } from '../../app/contract';
import { handleScratchpadRead } from '../../app/engine';
import type { Scratchpad } from '../../app/scratchpad';
import { errorOf, tempDir } from './helpers';
import type { BackendCase, SeedRow } from './backends';

const NOW = 1_800_000_000;
const alice: Principal = { kind: 'user', userId: 'alice' };
const bob: Principal = { kind: 'user', userId: 'bob' };
const operator: Principal = { kind: 'operator' };

// v2 cuts texts every 7 code points here (backends.ts), so "needle" in LOG straddles a chunk boundary.
const LOG = 'line one\r\nneedle two\nthree needle\n\nlast';
const GERMAN = 'Die Straße führt nach Ωmega; ΣΊΣΥΦΟΣ schläft.';
const BYTES = Uint8Array.from([0x00, 0x6e, 0x65, 0x65, 0x64, 0x6c, 0x65, 0xff, 0x0a]);
const row = (
  key: string,
  owner: string,
  turnId: string,
  stepNum: number | null,
  content: string | Uint8Array,
  createdAt: number,
  expiresAt = NOW + 3600,
): SeedRow => ({
  key,
  owner,
  turnId,
  stepNum,
  executorName: 'shell',
  content,
  createdAt,
  expiresAt,
});
const SEED: readonly SeedRow[] = [
  row('log', 'alice', 'turn-a', 1, LOG, NOW - 300),
  row('bin', 'alice', 'turn-a', 2, BYTES, NOW - 200),
  row('german', 'alice', 'turn-b', 1, GERMAN, NOW - 150),
  row('old', 'alice', 'turn-b', 2, 'an expired needle', NOW - 120, NOW),
  row('bobs', 'bob', 'turn-c', 1, 'bob has a needle too', NOW - 100),
];
const ownerOf = (c: BackendCase): Principal => (c.can.owners ? alice : operator);

/** The search and lines conformance suite over `backends` (the unit project runs the file formats, the postgres project PostgreSQL). */
export function describeSearchConformance(backends: readonly BackendCase[]): void {
  describe.each(backends)('search and lines conformance: $name', (backend) => {
    let tmp: ReturnType<typeof tempDir>;
    let sp: Scratchpad;
    let ids: Record<string, string>;
    const me = ownerOf(backend);
    beforeEach(async () => {
      tmp = tempDir();
      ({ store: sp, ids } = await backend.open(tmp.dir, SEED, { clock: () => NOW }));
    });
    afterEach(async () => {
      await sp.close();
      tmp.cleanup();
    });

    describe('search', () => {
      it('finds matches across entries in creation order, across chunk boundaries, with names, lines and the expired mark', async () => {
        const r = await sp.search(me, { pattern: 'needle' });
        const want = [
          { key: 'log', offset: 10, line: 2 },
          { key: 'log', offset: 27, line: 3 },
          { key: 'bin', offset: 1, line: null },
          { key: 'old', offset: 11, line: 1 },
          ...(backend.can.owners ? [] : [{ key: 'bobs', offset: 10, line: 1 }]),
        ];
        expect(r.hits.map((h) => ({ id: h.id, offset: h.offset, line: h.line }))).toEqual(
          want.map((w) => ({ id: ids[w.key], offset: w.offset, line: w.line })),
        );
        expect(r.hits[0]).toMatchObject({ turnId: 'turn-a', stepNum: 1, executorName: 'shell', kind: 'text', length: 6, expired: false });
        expect(r.hits[2]).toMatchObject({ kind: 'binary', length: 6 });
        expect(r.hits[3]).toMatchObject({ expired: true });
        expect(r.hits[0]!.preview.text.slice(r.hits[0]!.preview.matchStart, r.hits[0]!.preview.matchStart + 6)).toBe('needle');
        expect(r).toMatchObject({ nextCursor: null, truncated: false });
      });

      it('folds case over non-English text (ß as ss, final sigma), literal and regex', async () => {
        const folded = await sp.search(me, { pattern: 'STRASSE', caseSensitive: false });
        expect(folded.hits.map((h) => [h.id, h.offset, h.length])).toEqual([[ids.german, 4, 6]]);
        expect((await sp.search(me, { pattern: 'σίσυφος', caseSensitive: false })).hits.map((h) => h.offset)).toEqual([Array.from(GERMAN).indexOf('Σ')]);
        expect((await sp.search(me, { pattern: 'STRASSE' })).hits).toEqual([]);
        const regex = await sp.search(me, { pattern: 'schl.+?t', regex: true, id: ids.german });
        expect(regex.hits.map((h) => h.offset)).toEqual([Array.from(GERMAN).join('').indexOf('schläft')]);
      });

      it('pages with one cursor spanning entries: the pages together are the whole result', async () => {
        const all = (await sp.search(me, { pattern: 'e' })).hits;
        const paged = [];
        let cursor: string | undefined;
        for (let i = 0; i < 100; i++) {
          const page = await sp.search(me, { pattern: 'e', limit: 3, ...(cursor === undefined ? {} : { cursor }) });
          paged.push(...page.hits);
          if (page.nextCursor === null) break;
          cursor = page.nextCursor;
        }
        // Same matches in the same order; a resumed page's first previews may have less left context (search/README).
        const where = (hs: typeof all) =>
          hs.map((h) => [h.id, h.offset, h.length, h.line, h.preview.text.slice(h.preview.matchStart, h.preview.matchStart + h.preview.matchLength)]);
        expect(where(paged)).toEqual(where(all));
        expect(all.length).toBeGreaterThan(6);
      });

      it('refuses a cursor of another query, and bad requests, with INVALID_ARGUMENT', async () => {
        const first = await sp.search(me, { pattern: 'e', limit: 1 });
        expect(first.nextCursor).not.toBeNull();
        expect((await errorOf(() => sp.search(me, { pattern: 'needle', cursor: first.nextCursor! }))).code).toBe('INVALID_ARGUMENT');
        expect((await errorOf(() => sp.search(me, { pattern: '' }))).code).toBe('INVALID_ARGUMENT');
        expect((await errorOf(() => sp.search(me, { pattern: '(', regex: true }))).code).toBe('INVALID_ARGUMENT');
        expect((await errorOf(() => sp.search(me, { pattern: 'e', owner: 'bob' } as never))).code).toBe('INVALID_ARGUMENT');
      });

      it('keeps previewContext code points each side of a text hit (default 30), and refuses one out of 0..100', async () => {
        const at = (previewContext?: number) =>
          sp
            .search(me, { pattern: 'Ωmega', id: ids.german, ...(previewContext === undefined ? {} : { previewContext }) })
            .then((r) => r.hits.map((h) => h.preview));
        // GERMAN has 22 code points before the match and 18 after: the default keeps all of them.
        expect(await at()).toEqual([{ text: GERMAN, matchStart: 22, matchLength: 5 }]);
        expect(await at(3)).toEqual([{ text: 'ch Ωmega; Σ', matchStart: 3, matchLength: 5 }]);
        expect(await at(0)).toEqual([{ text: 'Ωmega', matchStart: 0, matchLength: 5 }]);
        // It changes only the previews: a cursor from a call with another value continues the same scan.
        const first = await sp.search(me, { pattern: 'e', limit: 2, previewContext: 1 });
        expect(first.hits.map((h) => [h.id, h.offset, h.preview.text])).toEqual([
          [ids.log, 3, 'ne '],
          [ids.log, 7, 'ne\r'],
        ]);
        const next = await sp.search(me, { pattern: 'e', limit: 2, previewContext: 100, cursor: first.nextCursor! });
        const whole = await sp.search(me, { pattern: 'e', limit: 4 });
        expect([...first.hits, ...next.hits].map((h) => [h.id, h.offset])).toEqual(whole.hits.map((h) => [h.id, h.offset]));
        for (const bad of [-1, 101, 1.5]) expect((await errorOf(() => sp.search(me, { pattern: 'e', previewContext: bad }))).code).toBe('INVALID_ARGUMENT');
      });

      it('narrows to one turn or one entry', async () => {
        expect((await sp.search(me, { pattern: 'needle', turnId: 'turn-b' })).hits.map((h) => h.id)).toEqual([ids.old]);
        expect((await sp.search(me, { pattern: 'needle', id: ids.log })).hits.map((h) => h.offset)).toEqual([10, 27]);
      });

      it("never returns, counts or times another owner's rows", async () => {
        const mine = await sp.search(alice, { pattern: 'needle' });
        if (!backend.can.owners) {
          // A user on a file without owners sees nothing: no hits, nothing scanned, an id is NOT_FOUND.
          expect(mine).toEqual({ hits: [], nextCursor: null, scannedBytes: 0, truncated: false });
          expect((await errorOf(() => sp.search(alice, { pattern: 'needle', id: ids.log }))).code).toBe('NOT_FOUND');
          return;
        }
        expect(mine.hits.some((h) => h.id === ids.bobs)).toBe(false);
        // Every byte scanned is alice's: a literal search reads each of her rows once and nothing else.
        expect(mine.scannedBytes).toBe((await sp.stats(alice)).bytes);
        expect((await errorOf(() => sp.search(alice, { pattern: 'needle', id: ids.bobs }))).code).toBe('NOT_FOUND');
        expect((await sp.search(alice, { pattern: 'needle', turnId: 'turn-c' })).hits).toEqual([]);
        expect((await sp.search(operator, { pattern: 'needle' })).hits.map((h) => h.id)).toContain(ids.bobs);
        // A cursor is bound to its principal: bob cannot continue alice's scan.
        const page = await sp.search(alice, { pattern: 'e', limit: 1 });
        expect((await errorOf(() => sp.search(bob, { pattern: 'e', limit: 1, cursor: page.nextCursor! }))).code).toBe('INVALID_ARGUMENT');
      });
    });

    describe('lines', () => {
      it('reads lines [start, end) without terminators, with their code-point span and the line count', async () => {
        const r = await sp.read(me, ids.log!, { mode: 'lines', start: 0, end: 3 });
        expect(r.lines).toEqual(['line one', 'needle two', 'three needle']);
        expect(r.content).toBe('line one\nneedle two\nthree needle');
        expect(r.meta).toMatchObject({ start: 0, end: 34, startLine: 1, totalLines: 5, truncated: false });
        const tail = await sp.read(me, ids.log!, { mode: 'lines', start: 3 });
        expect(tail.lines).toEqual(['', 'last']);
        expect(tail.meta).toMatchObject({ start: 34, end: LOG.length, startLine: 4 });
        expect((await sp.read(me, ids.log!, { mode: 'lines', start: 9, end: 12 })).lines).toEqual([]);
      });

      it('gives other modes the start line and line count once an index is at hand; binary rows none', async () => {
        await sp.read(me, ids.log!, { mode: 'lines', start: 0, end: 1 });
        expect((await sp.read(me, ids.log!, { mode: 'range', start: 27, end: 30, withLines: true } as never)).meta).toMatchObject({
          startLine: 3,
          totalLines: 5,
        });
        expect((await sp.read(me, ids.bin!, { mode: 'head', n: 2, withLines: true } as never)).meta).not.toHaveProperty('startLine');
      });

      it.skipIf(!backend.can.owners)('serves scratchpad_read mode lines through the engine, tail lines included', async () => {
        const ctx = { principal: alice, turnId: 'turn-a' };
        const mid = await handleScratchpadRead(sp, ctx, { scratchpad_id: ids.log!, mode: 'lines', start: 1, end: 3 });
        expect(mid).toMatchObject({
          ok: true,
          content: 'needle two\nthree needle',
          lineRange: { start: 1, end: 3 },
          truncated: false,
          meta: { start: 10, end: 34, startLine: 2, totalLines: 5 },
        });
        expect(await handleScratchpadRead(sp, ctx, { scratchpad_id: ids.log!, mode: 'lines', start: -2 })).toMatchObject({
          ok: true,
          content: '\nlast',
          lineRange: { start: 3, end: 5 },
        });
        expect(await handleScratchpadRead(sp, ctx, { scratchpad_id: ids.bin!, mode: 'lines' })).toMatchObject({
          ok: false,
          error: { code: 'INVALID_ARGUMENT' },
        });
        expect(await handleScratchpadRead(sp, { principal: bob, turnId: 'turn-a' }, { scratchpad_id: ids.log!, mode: 'lines' })).toMatchObject({
          ok: false,
          error: { code: 'NOT_FOUND' },
        });
      });

      it('refuses lines of a binary row and a reversed range', async () => {
        expect((await errorOf(() => sp.read(me, ids.bin!, { mode: 'lines', start: 0, end: 1 }))).code).toBe('INVALID_ARGUMENT');
        expect((await errorOf(() => sp.read(me, ids.log!, { mode: 'lines', start: 3, end: 1 }))).code).toBe('INVALID_ARGUMENT');
      });
    });
  });
}
