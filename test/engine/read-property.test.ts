import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { handleScratchpadRead } from '../../app/engine';
import { alice, openTempStore } from './store-fixture';

/** The slice a request should return, computed on an array of code points (the reference model). */
function expectedSlice(total: number, args: { mode: string; n?: number; start?: number; end?: number }, cap: number) {
  const n = args.n ?? 2000;
  let from = 0;
  let to = total;
  if (args.mode === 'head') to = Math.min(n, total);
  if (args.mode === 'tail') from = Math.max(0, total - n);
  if (args.mode === 'range') {
    to = Math.min(args.end ?? total, total);
    from = Math.min(args.start ?? 0, to);
  }
  const end = Math.min(to, from + cap);
  return { from, end, truncated: end < to };
}

const arbArgs = fc.oneof(
  fc.record({ mode: fc.constant('full') }),
  fc.record({ mode: fc.constantFrom('head', 'tail'), n: fc.nat(400) }),
  fc.record({ mode: fc.constant('range'), start: fc.nat(400), end: fc.nat(400) }, { requiredKeys: ['mode'] }),
);

type Args = { mode: string; n?: number; start?: number; end?: number };
const ordered = (a: Args) => a.mode !== 'range' || a.start === undefined || a.end === undefined || a.start <= a.end;

describe('handleScratchpadRead (property)', () => {
  it('returns exactly the capped code-point slice of any text, for any valid request', async () => {
    const { store } = await openTempStore();
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'binary', maxLength: 300 }), arbArgs, fc.integer({ min: 1, max: 120 }), async (text, args, cap) => {
        const a = args as Args;
        fc.pre(ordered(a));
        const id = (await store.put(alice, { turnId: 't', stepNum: 1, executorName: 'p', observation: { content: text } })).scratchpad_id;
        const cps = Array.from(text);
        const want = expectedSlice(cps.length, a, cap);
        const r = await handleScratchpadRead(store, { principal: alice, turnId: 't' }, { scratchpad_id: id, ...a }, { maxReturnLength: cap });
        if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
        expect(r.content).toBe(cps.slice(want.from, want.end).join(''));
        expect([r.meta.start, r.meta.end, r.truncated, r.nextStart]).toEqual([want.from, want.end, want.truncated, want.truncated ? want.end : undefined]);
      }),
      { numRuns: 150 },
    );
  });

  it('returns exactly the capped byte slice of any binary value, base64-encoded', async () => {
    const { store } = await openTempStore();
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ minLength: 1, maxLength: 300 }), arbArgs, fc.integer({ min: 1, max: 120 }), async (bytes, args, cap) => {
        const a = args as Args;
        fc.pre(ordered(a));
        const id = (await store.put(alice, { turnId: 't', stepNum: 1, executorName: 'p', observation: { content: bytes } })).scratchpad_id;
        const want = expectedSlice(bytes.length, a, cap);
        const r = await handleScratchpadRead(store, { principal: alice, turnId: 't' }, { scratchpad_id: id, ...a }, { maxReturnLength: cap });
        if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
        expect(Buffer.from(r.content, 'base64')).toEqual(Buffer.from(bytes.subarray(want.from, want.end)));
        expect([r.encoding, r.meta.start, r.meta.end, r.truncated]).toEqual(['base64', want.from, want.end, want.truncated]);
      }),
      { numRuns: 100 },
    );
  });
});
