import { createHash } from 'node:crypto';
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { handleScratchpadRead, offloadObservation, suspendTurn, toolsForTurn } from '../../app/engine';
import { openScratchpad } from '../../app/scratchpad';
import { ScratchpadError, type Scratchpad } from '../../app/scratchpad/types';
import { alice, operator } from './store-fixture';

/** The repo's committed copy of the original runtime's sample file (shared/fixtures); opened from a temp copy. */
const FIXTURE = resolve(import.meta.dirname, '../scratchpad/metnos-v1/fixtures/metnos-v1-sample.db');
const TEXT_LOG = { id: '82ced19f002945d4', turnId: 'c0ffee00c0ffee00' };
const opened: { store: Scratchpad; dir: string }[] = [];
afterEach(async () => {
  for (const { store, dir } of opened.splice(0)) {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

async function openCopy(): Promise<{ store: Scratchpad; path: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'engine-v1-'));
  const path = join(dir, 'scratchpad.db');
  copyFileSync(FIXTURE, path);
  const store = await openScratchpad(path);
  opened.push({ store, dir });
  return { store, path };
}

const sha = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');

async function codeOf(fn: () => unknown): Promise<string> {
  try {
    await fn();
  } catch (e) {
    return e instanceof ScratchpadError ? e.code : 'other';
  }
  return 'none';
}

describe('the engine over a metnos-v1 file (rows without owner)', () => {
  it('offers no tool and serves no row to a user, refuses the operator, and never changes the file', async () => {
    const { store, path } = await openCopy();
    const before = sha(path);
    expect(store.format).toBe('metnos-v1');
    expect(await toolsForTurn(store, alice, TEXT_LOG.turnId)).toEqual([]);
    const asUser = await handleScratchpadRead(store, { principal: alice, turnId: TEXT_LOG.turnId }, { scratchpad_id: TEXT_LOG.id });
    expect(asUser.ok ? 'served' : asUser.error.code).toBe('NOT_FOUND');
    const asOperator = await handleScratchpadRead(store, { principal: operator, turnId: TEXT_LOG.turnId }, { scratchpad_id: TEXT_LOG.id });
    expect(asOperator.ok ? 'served' : asOperator.error.code).toBe('FORBIDDEN');
    expect(await codeOf(() => offloadObservation(store, { principal: alice, turnId: 't', stepNum: 1, executorName: 'e' }, { content: 'x'.repeat(5000) }))).toBe(
      'READ_ONLY',
    );
    expect(await codeOf(() => suspendTurn(store, alice, TEXT_LOG.turnId, 600))).toBe('READ_ONLY');
    expect(sha(path)).toBe(before);
  });
});
