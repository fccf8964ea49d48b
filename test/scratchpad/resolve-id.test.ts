import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { openScratchpad } from '../../app/scratchpad';
import { errorOf, operator, tempDir, user } from './helpers';

const alice = user('alice');
const bob = user('bob');
const dirs: { cleanup: () => void }[] = [];
afterEach(() => dirs.splice(0).forEach((d) => d.cleanup()));

/** A v2 file with two rows of alice and one of bob, every id rewritten to start with the same 8 hex digits. */
async function sharedPrefixFile(): Promise<{ path: string; alice: string[]; bob: string }> {
  const tmp = tempDir();
  dirs.push(tmp);
  const path = tmp.file();
  const sp = await openScratchpad(path);
  const put = async (who: typeof alice, step: number) =>
    (await sp.put(who, { turnId: 't', stepNum: step, executorName: 'x', observation: { content: `row ${step}` } })).scratchpad_id;
  const ids = [await put(alice, 1), await put(alice, 2), await put(bob, 3)];
  await sp.close();
  const db = new Database(path);
  db.prepare("UPDATE observations SET id = 'abcdef12' || substr(id, 9)").run();
  db.close();
  const shared = ids.map((id) => `abcdef12${id.slice(8)}`);
  return { path, alice: shared.slice(0, 2).sort(), bob: shared[2]! };
}

describe('resolveId', () => {
  it('accepts a unique prefix of 8+ hex digits and a whole id, in any case', async () => {
    const f = await sharedPrefixFile();
    const sp = await openScratchpad(f.path);
    try {
      expect(await sp.resolveId(bob, 'ABCDEF12')).toBe(f.bob);
      expect(await sp.resolveId(alice, f.alice[0]!.slice(0, 20))).toBe(f.alice[0]);
      expect(await sp.resolveId(alice, f.alice[1]!)).toBe(f.alice[1]);
    } finally {
      await sp.close();
    }
  });

  it('refuses an ambiguous prefix listing only the principal own candidates', async () => {
    const f = await sharedPrefixFile();
    const sp = await openScratchpad(f.path);
    try {
      const err = await errorOf(() => sp.resolveId(alice, 'abcdef12'));
      expect(err.code).toBe('INVALID_ARGUMENT');
      expect(err.message).toBe(`id prefix "abcdef12" is ambiguous: it matches ${f.alice.join(', ')}`);
      expect((await errorOf(() => sp.resolveId(operator, 'abcdef12'))).message).toContain(f.bob);
    } finally {
      await sp.close();
    }
  });

  it('answers NOT_FOUND for a prefix only a foreign id has, INVALID_ARGUMENT for a short or non-hex one', async () => {
    const f = await sharedPrefixFile();
    const sp = await openScratchpad(f.path);
    try {
      expect((await errorOf(() => sp.resolveId(user('carol'), 'abcdef12'))).code).toBe('NOT_FOUND');
      expect((await errorOf(() => sp.resolveId(alice, f.bob.slice(0, 30)))).code).toBe('NOT_FOUND');
      expect((await errorOf(() => sp.resolveId(alice, 'abcdef1'))).code).toBe('INVALID_ARGUMENT');
      expect((await errorOf(() => sp.resolveId(alice, 'abcdef1z'))).code).toBe('INVALID_ARGUMENT');
    } finally {
      await sp.close();
    }
  });
});
