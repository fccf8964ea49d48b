import { describe, expect, it } from 'vitest';
import type { JsonOutlineNode } from '../../app/contract';
import { createJsonOutliner, OUTLINE_MAX_DEPTH, withFirstTexts } from '../../app/scratchpad/core/json-outline';
import { createOutlineCache } from '../../app/scratchpad/core/outline-cache';

/** The outline of `text` pushed in pieces of `piece` bytes (cuts inside characters too). */
function outline(text: string, block = 64, piece = 7) {
  const bytes = new TextEncoder().encode(text);
  const o = createJsonOutliner(block);
  for (let at = 0; at < bytes.length; at += piece) o.push(bytes.subarray(at, at + piece));
  return o.end();
}

/** Values below `value` by relative depth ([0] its children), as a block's `depths` counts them. */
function depthsOf(children: readonly unknown[]): number[] {
  const out: number[] = [];
  const visit = (v: unknown, d: number) => {
    out[d] = (out[d] ?? 0) + 1;
    if (v !== null && typeof v === 'object') for (const c of Object.values(v)) visit(c, d + 1);
  };
  for (const c of children) visit(c, 0);
  return out;
}

/**
 * Checks that `node` describes `value` in `cps` (the text's code points): its range is the value's text, its
 * blocks tile its children in order, a values block's text parses to its children with their depths, a node
 * or scalar block holds the child at its key. Returns the blocks seen, by type.
 */
function check(node: JsonOutlineNode, value: unknown, cps: readonly string[], seen: Record<string, number> = {}): Record<string, number> {
  const text = (s: number, e: number) => cps.slice(s, e).join('');
  expect(JSON.parse(text(node.start, node.end))).toEqual(value);
  const entries = Array.isArray(value) ? value.map((v, i) => [i, v] as const) : Object.entries(value as object);
  expect(node.size).toBe(entries.length);
  let next = 0;
  for (const b of node.blocks) {
    seen[b.type] = (seen[b.type] ?? 0) + 1;
    expect(b.first).toBe(next);
    if (b.type === 'values') {
      const got = JSON.parse(node.kind === 'array' ? `[${text(b.start, b.end)}]` : `{${text(b.start, b.end)}}`) as object;
      const want = entries.slice(b.first, b.first + b.count);
      expect(got).toEqual(node.kind === 'array' ? want.map(([, v]) => v) : Object.fromEntries(want));
      expect(b.depths).toEqual(depthsOf(want.map(([, v]) => v)));
      next += b.count;
      continue;
    }
    const [key, child] = entries[b.first]!;
    expect(b.key).toBe(node.kind === 'array' ? null : key);
    if (b.type === 'node') {
      expect(b.depths).toEqual(depthsOf([child]));
      check(b.node, child, cps, seen);
    } else {
      expect(JSON.parse(text(b.start, b.end))).toEqual(child);
      const json = text(b.start, b.end);
      expect(b.preview).toBe(json.length > 400 ? json.slice(0, 400) + '…' : json);
    }
    next++;
  }
  expect(next).toBe(entries.length);
  return seen;
}

describe('createJsonOutliner', () => {
  const doc = {
    ok: true,
    'clé 😀': 'é',
    items: Array.from({ length: 40 }, (_, i) => ({ id: i, name: `item-${i} 👨‍👩‍👧`, tags: ['a', { b: [i, null] }], score: i / 7 })),
    long: 'x'.repeat(300),
    longer: `é${'y'.repeat(500)}`,
    nested: { deep: { list: Array.from({ length: 30 }, (_, i) => i * 1000) } },
    empty: [],
    none: {},
  };

  it('tiles every described container with blocks whose text parses to its children, in code points, for any cut of the bytes', () => {
    for (const text of [JSON.stringify(doc), JSON.stringify(doc, null, 2), JSON.stringify(doc, null, '\t')]) {
      const cps = Array.from(text);
      for (const piece of [1, 3, 7, 64, 1 << 20]) {
        const o = outline(text, 64, piece);
        expect(o.totalCodePoints).toBe(cps.length);
        expect(o.root).not.toBeNull();
        const seen = check(o.root!, doc, cps);
        // The list and the nested objects are longer than a block: nodes; the long string a scalar block.
        expect(seen).toEqual({ values: expect.any(Number), node: expect.any(Number), scalar: 2 });
      }
    }
  });

  it('keeps a short document whole: the root with one values block', () => {
    const text = '{"a": [1, 2], "b": "c"}';
    expect(outline(text, 64 * 1024)).toEqual({
      totalCodePoints: 23,
      root: { kind: 'object', start: 0, end: 23, size: 2, blocks: [{ type: 'values', first: 0, count: 2, start: 1, end: 22, depths: [2, 2] }] },
    });
  });

  it('gives no outline, with the reason, for a scalar at the top, broken structure, a cut text or nesting past the limit', () => {
    const reason = (text: string) => outline(text).reason;
    expect(outline('"x"')).toEqual({ totalCodePoints: 3, root: null, reason: 'a scalar at the top' });
    expect(reason('42')).toBe('a scalar at the top');
    expect(reason('')).toBe('no document');
    expect(reason('[1,,2]')).toBe('a comma that does not follow a value');
    expect(reason('{"a" 1}')).toBe('a value where a comma, a colon or a key belongs');
    expect(reason('{"a":1,}')).toBe('a comma or colon before a closing bracket');
    expect(reason('[{]')).toBe('a closing bracket that does not match');
    expect(reason('[1, 2')).toBe('the text ends inside the document');
    expect(reason('["a\nb"]')).toBe('a control character in a string');
    expect(reason('[1] [2]')).toBe('text after the document');
    expect(reason('['.repeat(OUTLINE_MAX_DEPTH + 1) + ']'.repeat(OUTLINE_MAX_DEPTH + 1))).toBe(`nesting deeper than ${OUTLINE_MAX_DEPTH}`);
    // Scalars' spelling is the reader's JSON.parse's to check: this outlines.
    expect(outline('[tru, 1]').root?.size).toBe(2);
  });
});

describe('withFirstTexts', () => {
  it("gives the text of the root's first values block and of its described children's first, and no other", async () => {
    const text = JSON.stringify({ a: 1, list: Array.from({ length: 30 }, (_, i) => i * 1000), b: 2, more: Array.from({ length: 30 }, (_, i) => `s${i}`) });
    const cps = Array.from(text);
    const root = await withFirstTexts(outline(text).root!, async (start, end) => cps.slice(start, end).join(''));
    const texts = (node: JsonOutlineNode): string[] =>
      node.blocks.flatMap((b) => (b.type === 'values' ? (b.text === undefined ? [] : [b.text]) : b.type === 'node' ? texts(b.node) : []));
    // Blocks of at most 64 code points: the first of each list.
    expect(texts(root)).toEqual([
      '"a":1',
      '0,1000,2000,3000,4000,5000,6000,7000,8000,9000,10000,11000,12000',
      '"s0","s1","s2","s3","s4","s5","s6","s7","s8","s9","s10","s11"',
    ]);
  });
});

describe('createOutlineCache', () => {
  const entry = (id: string) => ({ id, createdAt: 1, sizeBytes: 10 });
  const answer = { totalCodePoints: 0, root: null, reason: 'no document' };

  it('scans an entry once while it is kept, shares a scan still running, and keeps the last eight', async () => {
    const cache = createOutlineCache();
    let scans = 0;
    const scan = () => {
      scans++;
      return Promise.resolve(answer);
    };
    const [a, b] = [cache.get(entry('e0'), scan), cache.get(entry('e0'), scan)];
    expect(await a).toBe(await b);
    expect(scans).toBe(1);
    for (let i = 1; i <= 8; i++) await cache.get(entry(`e${i}`), scan);
    expect(scans).toBe(9);
    await cache.get(entry('e8'), scan);
    expect(scans).toBe(9);
    // e0 was the oldest of nine: scanned again.
    await cache.get(entry('e0'), scan);
    expect(scans).toBe(10);
  });

  it('does not keep a failed scan', async () => {
    const cache = createOutlineCache();
    await expect(cache.get(entry('e'), () => Promise.reject(new Error('removed')))).rejects.toThrow('removed');
    await expect(cache.get(entry('e'), () => Promise.resolve(answer))).resolves.toBe(answer);
  });
});
