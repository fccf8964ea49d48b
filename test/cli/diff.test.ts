import { join } from 'node:path';
import { applyPatch } from 'diff';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompareResult } from '../../app/contract';
import { openScratchpad } from '../../app/scratchpad';
import { cli, oneLine, tempDir } from './helpers';

const NOW = 1_800_000_000;
let tmp: ReturnType<typeof tempDir>;
let db: string;
const ids: Record<string, string> = {};
const OLD = Array.from({ length: 40 }, (_, i) => `line ${i}\n`).join('');
const NEW = OLD.replace('line 10\n', 'line ten\n').replace('line 30\n', 'line 30\nline 30b\n');
const run = (...argv: string[]) => cli(['--db', db, ...argv], { now: NOW });

beforeAll(async () => {
  tmp = tempDir('cli-diff-');
  db = join(tmp.dir, 'diff.db');
  const store = await openScratchpad(db, { clock: () => NOW - 10 });
  const put = async (owner: string, label: string, observation: unknown, ttlSeconds = 3600) =>
    (ids[label] = (
      await store.put({ kind: 'user', userId: owner }, { turnId: 'c0ffee00c0ffee00', stepNum: 1, executorName: 'read_files', observation, ttlSeconds })
    ).scratchpad_id);
  await put('alice', 'old', OLD);
  await put('alice', 'new', NEW);
  await put('alice', 'copy', OLD, 5); // expired at NOW
  await put('alice', 'json1', {
    results: [
      { id: 'a', status: 'pass' },
      { id: 'b', status: 'pass' },
    ],
  });
  await put('alice', 'json2', {
    results: [
      { id: 'a', status: 'pass' },
      { id: 'b', status: 'fail' },
    ],
  });
  await put('alice', 'bin1', { content: new Uint8Array(64).fill(7) });
  await put('alice', 'bin2', { content: new Uint8Array(64).fill(7).fill(9, 40) });
  await put('bob', 'bobs', OLD);
  await store.close();
});
afterAll(() => tmp.cleanup());

describe('diff', () => {
  it('prints a unified diff that patches the old text into the new, and exits 1', async () => {
    const r = await run('--owner', 'alice', 'diff', ids.old as string, ids.new as string, '--context', '1');
    expect(r.code).toBe(1);
    expect(r.stdout).toBe(
      `--- ${ids.old}\n+++ ${ids.new}\n@@ -10,3 +10,3 @@\n line 9\n-line 10\n+line ten\n line 11\n@@ -31,2 +31,3 @@\n line 30\n+line 30b\n line 31\n`,
    );
    expect(applyPatch(OLD, r.stdout)).toBe(NEW);
    expect(r.stderr).toBe('');
  });

  it('exits 0 with no output for identical entries, and notes an expired one', async () => {
    const r = await run('diff', ids.old as string, ids.copy as string);
    expect([r.code, r.stdout]).toEqual([0, '']);
    expect(r.stderr).toBe(`note: right entry ${ids.copy} has expired (kept until gc runs)\n`);
  });

  it("exits 2 for another owner's entry, exactly as for a missing id (not 1: that means different)", async () => {
    const foreign = await run('--owner', 'alice', 'diff', ids.old as string, ids.bobs as string);
    const missing = await run('--owner', 'alice', 'diff', ids.old as string, 'ffffffffffffffffffffffffffffffff000000000099');
    expect([foreign.code, missing.code]).toEqual([2, 2]);
    expect(oneLine(foreign.stderr)).toBe(`scratchpad-inspector: no entry with id "${ids.bobs}"`);
    expect(foreign.stdout).toBe('');
    const json = await run('--owner', 'alice', '--json', 'diff', ids.old as string, ids.bobs as string);
    expect([json.code, JSON.parse(json.stderr).error.code]).toEqual([2, 'NOT_FOUND']);
    // Other commands keep exit 1 for NOT_FOUND; errors with higher codes keep theirs under diff.
    expect((await run('--owner', 'alice', 'show', ids.bobs as string)).code).toBe(1);
    expect((await cli(['--db', join(tmp.dir, 'none.db'), 'diff', 'a', 'b'])).code).toBe(2);
    expect((await run('diff', ids.old as string, '--context', 'x')).code).toBe(2);
  });

  it('lists structural changes of JSON entries before the unified diff', async () => {
    const r = await run('diff', ids.json1 as string, ids.json2 as string, '--context', '0');
    expect(r.code).toBe(1);
    expect(r.stdout.split('\n').slice(0, 2)).toEqual(['# structural: 1 changed, 0 added, 0 removed', '# ~ results[id="b"].status: "pass" -> "fail"']);
    expect(r.stdout).toContain('-      "status": "pass"\n+      "status": "fail"\n');
  });

  it('prints the first differing byte and hex rows of both sides for binaries', async () => {
    const r = await run('diff', ids.bin1 as string, ids.bin2 as string);
    expect(r.code).toBe(1);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe(`Binary entries ${ids.bin1} and ${ids.bin2} differ at byte 40 (0x28): 64 vs 64 bytes`);
    expect(lines.slice(1)).toEqual([
      '< 00000000  07 07 07 07 07 07 07 07 07 07 07 07 07 07 07 07',
      '< 00000010  07 07 07 07 07 07 07 07 07 07 07 07 07 07 07 07',
      '< 00000020  07 07 07 07 07 07 07 07 07 07 07 07 07 07 07 07',
      '< 00000030  07 07 07 07 07 07 07 07 07 07 07 07 07 07 07 07',
      '> 00000000  07 07 07 07 07 07 07 07 07 07 07 07 07 07 07 07',
      '> 00000010  07 07 07 07 07 07 07 07 07 07 07 07 07 07 07 07',
      '> 00000020  07 07 07 07 07 07 07 07 09 09 09 09 09 09 09 09',
      '> 00000030  09 09 09 09 09 09 09 09 09 09 09 09 09 09 09 09',
    ]);
  });

  it('says text vs binary with sizes and sha256', async () => {
    const r = await run('diff', ids.old as string, ids.bin1 as string);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(
      new RegExp(`^Entries ${ids.old} \\(text\\) and ${ids.bin1} \\(binary\\) differ: ${OLD.length} vs 64 bytes, sha256 [0-9a-f]{64} vs [0-9a-f]{64}\\n$`),
    );
  });

  it('prints two columns with --side-by-side, marking changed and inserted rows', async () => {
    const r = await run('diff', ids.old as string, ids.new as string, '--side-by-side', '--context', '0');
    expect(r.code).toBe(1);
    const rows = r.stdout.split('\n');
    expect(rows[2]).toBe('@@ -11,1 +11,1 @@');
    expect(rows[3]).toMatch(/^\s+11 line 10\s+\|\s+11 line ten$/);
    expect(rows[5]).toMatch(/^\s+>\s+32 line 30b$/);
  });

  it('prints the whole comparison as JSON with --json', async () => {
    const r = await run('--json', 'diff', ids.old as string, ids.new as string, '--side-by-side');
    const out = JSON.parse(r.stdout) as CompareResult & { sideBySide: unknown[] };
    expect([r.code, out.mode, out.summary, out.text?.stats]).toEqual([
      1,
      'text',
      '1 line changed, 1 inserted',
      { changed: 1, inserted: 1, deleted: 0, hunks: 2 },
    ]);
    expect(out.sideBySide).toHaveLength(2);
  });
});
