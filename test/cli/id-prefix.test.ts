import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openScratchpad } from '../../app/scratchpad';
import { cli, tempDir } from './helpers';

let tmp: ReturnType<typeof tempDir>;
let db: string;
let id: string;

beforeAll(async () => {
  tmp = tempDir('cli-prefix-');
  db = join(tmp.dir, 'scratchpad.db');
  const sp = await openScratchpad(db);
  id = (await sp.put({ kind: 'user', userId: 'alice' }, { turnId: 't', stepNum: 1, executorName: 'x', observation: { content: 'hello prefix' } }))
    .scratchpad_id;
  await sp.close();
});
afterAll(() => tmp.cleanup());

describe('ids on the command line', () => {
  it('accepts a unique 8-digit prefix wherever an id is taken', async () => {
    const short = id.slice(0, 8);
    const read = await cli(['--db', db, '--owner', 'alice', 'read', short]);
    expect([read.code, read.stdout.trimEnd()]).toEqual([0, 'hello prefix']);
    const show = await cli(['--db', db, '--owner', 'alice', '--json', 'show', short]);
    expect([show.code, (JSON.parse(show.stdout) as { meta: { id: string } }).meta.id]).toEqual([0, id]);
    const diff = await cli(['--db', db, '--owner', 'alice', 'diff', short, id]);
    expect(diff.code).toBe(0);
  });

  it('refuses a prefix shorter than 8 digits as a usage error, and a foreign one as not found', async () => {
    expect((await cli(['--db', db, '--owner', 'alice', 'read', id.slice(0, 7)])).code).toBe(2);
    expect((await cli(['--db', db, '--owner', 'bob', 'read', id.slice(0, 8)])).code).toBe(1);
  });
});
