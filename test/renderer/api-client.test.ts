import { describe, expect, it } from 'vitest';
import { ScratchpadError } from '../../app/contract';
import { createApi, unwrap } from '../../renderer/src/api/client';
import { fakeBridge, meta } from './fakeBridge';

describe('unwrap', () => {
  it('returns the value of an ok envelope', () => {
    expect(unwrap({ ok: true, value: { a: 1 } })).toEqual({ a: 1 });
  });
  it('throws a ScratchpadError carrying the code and message of a failed envelope', () => {
    let caught: unknown;
    try {
      unwrap({ ok: false, error: { code: 'FORBIDDEN', message: 'Not yours.' } });
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(ScratchpadError);
    expect({ code: (caught as ScratchpadError).code, message: (caught as ScratchpadError).message }).toEqual({ code: 'FORBIDDEN', message: 'Not yours.' });
  });
  it('maps an unknown code and a malformed envelope to INTERNAL', () => {
    expect(() => unwrap({ ok: false, error: { code: 'WAT' as 'INTERNAL', message: 'x' } })).toThrow(
      expect.objectContaining({ code: 'INTERNAL', message: 'x' }),
    );
    expect(() => unwrap(undefined as never)).toThrow(expect.objectContaining({ code: 'INTERNAL' }));
  });
});

describe('createApi', () => {
  it('has one method per channel that resolves to the unwrapped value', async () => {
    const { bridge, calls } = fakeBridge([{ meta: meta({ id: 'e1', lengthCodePoints: 5, sizeBytes: 5 }), content: 'héllo' }]);
    const api = createApi(bridge);
    const slice = await api.entryRead({ id: 'e1', mode: 'range', start: 1, end: 3 });
    expect(slice.content).toBe('él');
    expect(calls).toEqual([{ method: 'entryRead', request: { id: 'e1', mode: 'range', start: 1, end: 3 } }]);
  });
  it('rejects with the typed error of a failed call', async () => {
    const api = createApi(fakeBridge([]).bridge);
    await expect(api.entryDescribe({ id: 'nope' })).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'No entry nope.' });
  });
  it('turns a rejected bridge promise into an INTERNAL ScratchpadError', async () => {
    const { bridge } = fakeBridge([]);
    const broken = { ...bridge, statsGet: () => Promise.reject(new Error('IPC closed')) };
    await expect(createApi(broken).statsGet({})).rejects.toMatchObject({ code: 'INTERNAL', message: 'IPC closed' });
  });
});
