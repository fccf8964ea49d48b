import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runRead } from '../../app/cli/commands/read';
import { READ_WINDOW } from '../../app/cli/commands/read-stream';
import type { CliIo } from '../../app/cli/io';
import type { ReadOptions } from '../../app/contract';
import { openScratchpad } from '../../app/scratchpad';
import type { Scratchpad } from '../../app/scratchpad/types';
import { Capture, cli, tempDir } from './helpers';

const NOW = 1_767_225_600;
const alice = { kind: 'user', userId: 'alice' } as const;
// 3 MiB-plus of text, 1 to 4 UTF-8 bytes per code point, well over the store's 1,048,576 cap.
const LINE = 'line é 漢字 🙂 end\n';
const TEXT = LINE.repeat(Math.ceil((3 * 1024 * 1024) / Buffer.byteLength(LINE)));
const CPS = [...TEXT];
const BYTES = Buffer.from(Array.from({ length: 2_600_000 }, (_, i) => (i * 7 + (i >> 9)) & 0xff));
const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

let tmp: ReturnType<typeof tempDir>;
let db: string;
let textId: string;
let binId: string;
const run = (...argv: string[]) => cli(['--db', db, '--owner', 'alice', ...argv], { now: NOW });

beforeAll(async () => {
  tmp = tempDir('cli-read-stream-');
  db = join(tmp.dir, 'big.db');
  const store = await openScratchpad(db, { clock: () => NOW });
  try {
    textId = (await store.put(alice, { turnId: 'a1a1a1a1a1a1a1a1', stepNum: 1, executorName: 'read_files', observation: { content: TEXT } })).scratchpad_id;
    binId = (await store.put(alice, { turnId: 'a1a1a1a1a1a1a1a1', stepNum: 2, executorName: 'get_files', observation: { content: BYTES } })).scratchpad_id;
  } finally {
    await store.close();
  }
});
afterAll(() => tmp.cleanup());

describe('read without a slice option', () => {
  it('prints the whole text of a value larger than the cap', async () => {
    const r = await run('read', textId);
    expect({ code: r.code, stderr: r.stderr, length: r.stdout.length, same: r.stdout === TEXT }).toEqual({
      code: 0,
      stderr: '',
      length: TEXT.length,
      same: true,
    });
  });
  it('writes every byte with --raw', async () => {
    const r = await run('read', binId, '--raw');
    expect({ code: r.code, length: r.stdoutBytes.length, sha: sha(r.stdoutBytes) }).toEqual({ code: 0, length: BYTES.length, sha: sha(BYTES) });
  });
  it('hex-dumps the whole binary value, one line per 16 bytes', async () => {
    const r = await run('read', binId);
    const lines = r.stdout.split('\n').filter(Boolean);
    expect(lines.length).toBe(Math.ceil(BYTES.length / 16));
    expect(lines.at(-1)?.slice(0, 8)).toBe(((Math.ceil(BYTES.length / 16) - 1) * 16).toString(16).padStart(8, '0'));
  });
  it('prints the whole value with --json, not truncated', async () => {
    const out = JSON.parse((await run('read', textId, '--json')).stdout) as { content: string; meta: { truncated: boolean; returnedLength: number } };
    expect({ same: out.content === TEXT, truncated: out.meta.truncated, returned: out.meta.returnedLength }).toEqual({
      same: true,
      truncated: false,
      returned: CPS.length,
    });
  });
});

describe('read with --head, --tail or --range', () => {
  it('returns exactly the head asked, past the cap', async () => {
    const r = await run('read', textId, '--head', '2000000', '--raw');
    expect(r.stdout === CPS.slice(0, 2_000_000).join('')).toBe(true);
  });
  it('returns exactly the tail asked, past the cap', async () => {
    const r = await run('read', binId, '--tail', '2000000', '--raw');
    expect(r.stdoutBytes.equals(BYTES.subarray(-2_000_000))).toBe(true);
  });
  it('returns exactly the range asked, past the cap, also as JSON', async () => {
    const out = JSON.parse((await run('read', textId, '--range', '100', '2000100', '--json')).stdout) as { content: string; meta: Record<string, unknown> };
    expect(out.content === CPS.slice(100, 2_000_100).join('')).toBe(true);
    expect(out.meta).toMatchObject({ start: 100, end: 2_000_100, returnedLength: 2_000_000, truncated: false, totalLength: CPS.length });
  });
  it('never asks the store for more than one window per read, and never for a full read', async () => {
    const store = await openScratchpad(db, { readonly: true });
    const asked: ReadOptions[] = [];
    const spy = {
      ...Object.fromEntries(
        ['describe', 'iterateContent'].map((k) => [
          k,
          () => {
            throw new Error(`${k} called`);
          },
        ]),
      ),
      read: (p: never, id: string, o: ReadOptions) => (asked.push(o), store.read(p, id, o)),
    };
    const io: CliIo = { stdout: new Capture(), stderr: new Capture(), env: {}, now: () => NOW };
    try {
      await runRead(spy as unknown as Scratchpad, { principal: alice, json: false, id: binId, range: [5, 2_000_005], raw: true }, io);
    } finally {
      await store.close();
    }
    expect(asked.every((o) => o.mode === 'range' && (o.end as number) - (o.start as number) <= READ_WINDOW)).toBe(true);
    expect((io.stdout as Capture).bytes().equals(BYTES.subarray(5, 2_000_005))).toBe(true);
  });
});

describe('read past the end', () => {
  it('says on stderr that the range was clamped', async () => {
    const r = await run('read', binId, '--range', '99999999', '100000000');
    expect({ code: r.code, stdout: r.stdout, stderr: r.stderr }).toEqual({
      code: 0,
      stdout: '',
      stderr: `note: --range 99999999 100000000 reaches past the end (${BYTES.length} bytes); printed [${BYTES.length}, ${BYTES.length})\n`,
    });
  });
  it('ends text on a pipe with a newline', async () => {
    const r = await run('read', textId, '--range', '0', '3');
    expect(r.stdout).toBe('lin\n');
  });
});
