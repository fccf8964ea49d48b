import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { errorOf, fakeClock, operator, storePerTest, user } from './helpers';

const alice = user('alice');
const clock = fakeClock();
const { sp } = storePerTest(clock, 1_800_000_000);

describe('put', () => {
  it('stores a text observation and returns its synthetic handle', async () => {
    const text = 'line\n'.repeat(400);
    const h = await sp.put(alice, { turnId: 't1', stepNum: 1, executorName: 'read_files', observation: { content: text } });
    expect(h.scratchpad_id).toMatch(/^[0-9a-f]{44}$/);
    expect(h).toMatchObject({
      ok: true,
      step_num: 1,
      size_bytes: 2000,
      kind: 'text',
      summary: `${text.slice(0, 500)}\n\n[... 1000 characters omitted ...]\n\n${text.slice(-500)}`,
      metadata: {},
    });
    const d = await sp.describe(alice, h.scratchpad_id);
    expect(d.sha256).toBe(createHash('sha256').update(text).digest('hex'));
    expect(d.meta).toMatchObject({
      turnId: 't1',
      stepNum: 1,
      executorName: 'read_files',
      kind: 'text',
      structured: false,
      sizeBytes: 2000,
      lengthCodePoints: 2000,
      createdAt: 1_800_000_000,
      expiresAt: 1_800_003_600,
      expiry: 'live',
      owner: 'alice',
    });
    expect(d.handle).toEqual(h);
    expect(d.detectedType).toBeNull();
  });

  it('stores a binary observation with its detected type and reads it back as base64', async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 1, 2, 3, 4, 5]);
    const h = await sp.put(alice, { turnId: 't1', stepNum: 2, executorName: 'shot', observation: { content: new Uint8Array(png) } });
    const sha = createHash('sha256').update(png).digest('hex');
    expect(h.summary).toBe(`[BINARY: 14 bytes, sha256=${sha.slice(0, 16)}...]`);
    expect(await sp.describe(alice, h.scratchpad_id)).toMatchObject({ sha256: sha, detectedType: 'png', meta: { kind: 'binary', lengthCodePoints: null } });
    const r = await sp.read(alice, h.scratchpad_id, { mode: 'range', start: 8, end: 12 });
    expect(r).toEqual({
      content: Buffer.from([0, 1, 2, 3]).toString('base64'),
      encoding: 'base64',
      meta: { id: h.scratchpad_id, kind: 'binary', unit: 'bytes', totalLength: 14, start: 8, end: 12, returnedLength: 4, truncated: false },
    });
    const got = await sp.get(alice, h.scratchpad_id);
    expect(Buffer.from(got.content as Uint8Array).equals(png)).toBe(true);
  });

  it('stores a structured observation as 2-space JSON with the list summary', async () => {
    const obs = {
      ok: true,
      metadata: { query: 'x' },
      files: [
        { name: 'a', bytes: 1 },
        { name: 'b', bytes: 2 },
      ],
      total: 2,
    };
    const h = await sp.put(alice, { turnId: 't1', stepNum: 3, executorName: 'find_files', observation: obs });
    expect(h.summary).toBe("metadata: query=x\nfiles: 2 items. Fields: ['bytes', 'name']");
    expect(h).toMatchObject({ list_field: 'files', count: 2, schema: ['bytes', 'name'], total: 2, metadata: { query: 'x' } });
    expect((await sp.get(alice, h.scratchpad_id)).content).toBe(JSON.stringify(obs, null, 2));
    expect((await sp.describe(alice, h.scratchpad_id)).meta.structured).toBe(true);
  });

  it('describe gives back the very handle put returned (same fields, same order)', async () => {
    const observations: unknown[] = [
      'plain',
      { content: 'with fields', ok: false, metadata: { a: 1 }, total: 3, error: null },
      { content: new Uint8Array([1, 2]), counts: { x: 1 } },
      { entries: [{ k: 1 }], matches: [], metadata: { q: 'x' }, truncated: true },
      [1, 2, 3],
    ];
    for (const [i, observation] of observations.entries()) {
      const h = await sp.put(alice, { turnId: 'h', stepNum: i % 2 === 0 ? i : null, executorName: null, observation });
      expect(JSON.stringify((await sp.describe(alice, h.scratchpad_id)).handle)).toBe(JSON.stringify(h));
    }
  });

  it('refuses the operator', async () => {
    expect((await errorOf(() => sp.put(operator, { turnId: 't', stepNum: 1, executorName: null, observation: 'x' }))).code).toBe('INVALID_ARGUMENT');
    expect((await sp.stats(operator)).rows).toBe(0);
  });
});

describe('read', () => {
  it("hides another user's row exactly like a missing one", async () => {
    const h = await sp.put(alice, { turnId: 't1', stepNum: 1, executorName: null, observation: 'secret' });
    const foreign = await errorOf(() => sp.read(user('bob'), h.scratchpad_id, { mode: 'full' }));
    const missing = await errorOf(() => sp.read(user('bob'), 'f'.repeat(32), { mode: 'full' }));
    expect(foreign.code).toBe('NOT_FOUND');
    expect(missing.code).toBe('NOT_FOUND');
    expect(foreign.message).toBe(`no entry with id "${h.scratchpad_id}"`);
    expect(missing.message).toBe(`no entry with id "${'f'.repeat(32)}"`);
    expect((await sp.read(operator, h.scratchpad_id, { mode: 'full' })).content).toBe('secret');
  });

  it('finds an id only by all its 32 digits (same lookup prefix, other suffix: NOT_FOUND)', async () => {
    const id = (await sp.put(alice, { turnId: 't1', stepNum: 1, executorName: null, observation: 'x' })).scratchpad_id;
    const forged = `${id.slice(0, 13)}${id.slice(13).split('').reverse().join('') === id.slice(13) ? '0'.repeat(19) : id.slice(13).split('').reverse().join('')}`;
    expect((await errorOf(() => sp.read(alice, forged, { mode: 'full' }))).message).toBe(`no entry with id "${forged}"`);
    expect((await sp.read(alice, id, { mode: 'full' })).content).toBe('x');
  });
});
