import { describe, expect, it } from 'vitest';
import { runGrep, type StoreSearch, type StoreSearchHit } from '../../app/cli/commands/grep';
import type { CliIo } from '../../app/cli/io';
import { searchEntry } from '../../app/scratchpad/search/search';
import { textEntry } from '../scratchpad/search/helpers';

function captureIo(): CliIo & { out: () => string; err: () => string } {
  let out = '';
  let err = '';
  return {
    stdout: { write: (s: string | Uint8Array) => ((out += String(s)), true), isTTY: false },
    stderr: { write: (s: string | Uint8Array) => ((err += String(s)), true), isTTY: false },
    env: {},
    out: () => out,
    err: () => err,
  } as unknown as CliIo & { out: () => string; err: () => string };
}

/** A one-entry "store" over the search core. */
const text = 'first line\nsecond città line\nthird CITTÀ\n';
/** A one-entry "store" over `content`. */
const searchOver =
  (content: string): StoreSearch =>
  async (_principal, q) => {
    const r = await searchEntry(textEntry(Buffer.from(content), 8, 'abc123'), q, { limit: q.limit, cursor: q.cursor ?? null });
    const hits: StoreSearchHit[] = r.hits.map((h) => ({ ...h, id: 'abc123', turnId: 't1', stepNum: 1, executorName: 'shell', kind: 'text', expired: false }));
    return { ...r, hits };
  };
const search = searchOver(text);
/** 22 lines naming the warranty, as a licence does. */
const licence = Array.from({ length: 22 }, (_, i) => `clause ${i + 1}: without warranty\n`).join('');
const principal = { kind: 'operator' } as never;

describe('runGrep', () => {
  it('prints id:line:offset: preview per hit, newlines escaped, and exits 0', async () => {
    const io = captureIo();
    expect(await runGrep(search, { principal, json: false, pattern: 'città', ignoreCase: true }, io)).toBe(0);
    expect(io.out()).toBe('abc123:2:18: first line\\nsecond città line\\nthird CITTÀ\\n\nabc123:3:35:  line\\nsecond città line\\nthird CITTÀ\\n\n');
  });

  it('exits 1 when nothing matched, and prints JSON hits with --json', async () => {
    const io = captureIo();
    expect(await runGrep(search, { principal, json: true, pattern: 'zzz' }, io)).toBe(1);
    expect(JSON.parse(io.out())).toEqual({ hits: [], truncated: false, scannedBytes: Buffer.byteLength(text), more: false });
  });

  it('notes on stderr how many hits --limit left out: 3 of 22', async () => {
    const io = captureIo();
    expect(await runGrep(searchOver(licence), { principal, json: false, pattern: 'warranty', limit: 3 }, io)).toBe(0);
    expect(
      io
        .out()
        .split('\n')
        .filter(Boolean)
        .map((l) => l.split(':').slice(0, 3).join(':')),
    ).toEqual(['abc123:1:18', 'abc123:2:45', 'abc123:3:72']);
    expect(io.err()).toBe('note: 3 of 22 hits shown; raise --limit for more\n');
  });

  it('counts at most one page past the limit: 3 of 103+ when 250 hits exist', async () => {
    const io = captureIo();
    await runGrep(searchOver('warranty\n'.repeat(250)), { principal, json: false, pattern: 'warranty', limit: 3 }, io);
    expect(io.err()).toBe('note: 3 of 103+ hits shown; raise --limit for more\n');
  });

  it('says nothing when --limit equals the number of hits', async () => {
    const io = captureIo();
    expect(await runGrep(searchOver(licence), { principal, json: false, pattern: 'warranty', limit: 22 }, io)).toBe(0);
    expect([io.out().split('\n').filter(Boolean).length, io.err()]).toEqual([22, '']);
  });

  it('adds "more": true to the JSON when --limit left hits out, truncated staying the time budget\'s', async () => {
    const io = captureIo();
    await runGrep(searchOver(licence), { principal, json: true, pattern: 'warranty', limit: 3 }, io);
    const out = JSON.parse(io.out()) as { hits: unknown[]; truncated: boolean; more: boolean };
    expect([out.hits.length, out.truncated, out.more, io.err()]).toEqual([3, false, true, '']);
  });

  it('refuses --id with --turn and a bad --limit as usage errors, and passes invalid regexes on as INVALID_ARGUMENT', async () => {
    await expect(runGrep(search, { principal, json: false, pattern: 'a', id: 'x', turn: 't' }, captureIo())).rejects.toMatchObject({ code: 'USAGE' });
    await expect(runGrep(search, { principal, json: false, pattern: 'a', limit: 0 }, captureIo())).rejects.toMatchObject({ code: 'USAGE' });
    await expect(runGrep(search, { principal, json: false, pattern: 'a(', regex: true }, captureIo())).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
  });
});
