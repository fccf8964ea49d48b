/*
 * Counting code points and `\n` bytes of UTF-8 with WebAssembly SIMD, 16 bytes a step: the per-hit work of a
 * dense search (every gap between two hits is counted) ran at ~1 GB/s with the 32-bit word tricks of bytes.ts,
 * which made counting the larger part of a search with a hit every kilobyte. The module is assembled here from
 * its opcodes (no toolchain, nothing downloaded); its text form:
 *
 *   (func $count (param $a i32) (param $b i32) (result i32)   ;; continuation bytes in [a, b); `\n`s to mem[0]
 *     loop: while b - a >= 16, up to 255 vectors at a time (u8 lanes cannot overflow):
 *       cont -= i8x16.eq(v128.and(load a, 0xc0...), 0x80...)   nl -= i8x16.eq(load a, 0x0a...)
 *     then adds the lanes (extadd_pairwise u8 -> u16 -> u32, 4 extracts); bytes after the last vector one by one.
 *
 * A counter holds one chunk at a time in its memory (copied in once, on the first count that needs it).
 */

const SIMD = 0xfd;
const op = {
  block: 0x02,
  loop: 0x03,
  end: 0x0b,
  br: 0x0c,
  brIf: 0x0d,
  get: 0x20,
  set: 0x21,
  tee: 0x22,
  load8u: 0x2d,
  store: 0x36,
  const: 0x41,
  eqz: 0x45,
  eq: 0x46,
  ltS: 0x48,
  geS: 0x4e,
  geU: 0x4f,
  add: 0x6a,
  sub: 0x6b,
  and: 0x71,
} as const;
const simd = { load: 0x00, const: 0x0c, extract32: 0x1b, eq8: 0x23, and: 0x4e, sub8: 0x71, pair8u: 0x7d, pair16u: 0x7f } as const;

function sleb(v: number): number[] {
  const out: number[] = [];
  for (;;) {
    const b = v & 0x7f;
    v >>= 7;
    if ((v === 0 && (b & 0x40) === 0) || (v === -1 && (b & 0x40) !== 0)) return [...out, b];
    out.push(b | 0x80);
  }
}
const uleb = (v: number): number[] => (v < 0x80 ? [v] : [(v & 0x7f) | 0x80, ...uleb(v >>> 7)]);
const i32 = (v: number): number[] => [op.const, ...sleb(v)];
const splat = (byte: number): number[] => [SIMD, simd.const, ...new Array<number>(16).fill(byte)];
const section = (id: number, body: number[]): number[] => [id, ...uleb(body.length), ...body];
const name = (s: string): number[] => [s.length, ...Buffer.from(s, 'latin1')];

// Locals: 0 a, 1 b, 2 cont (i32), 3 nl (i32), 4 k (i32), 5 accC (v128), 6 accN (v128).
const [A, B, CONT, NL, K, ACC_C, ACC_N] = [0, 1, 2, 3, 4, 5, 6];
const lanesInto = (acc: number, total: number): number[] => [
  op.get,
  acc,
  SIMD,
  simd.pair8u,
  SIMD,
  simd.pair16u,
  op.set,
  acc,
  ...[0, 1, 2, 3].flatMap((lane) => [op.get, acc, SIMD, simd.extract32, lane, op.get, total, op.add, op.set, total]),
];
// prettier-ignore
const BODY: number[] = [
  2, 3, 0x7f, 2, 0x7b, // locals: 3 x i32, 2 x v128
  op.block, 0x40, op.loop, 0x40,
  op.get, B, op.get, A, op.sub, ...i32(16), op.ltS, op.brIf, 1,
  ...splat(0), op.set, ACC_C, ...splat(0), op.set, ACC_N, ...i32(255), op.set, K,
  op.block, 0x40, op.loop, 0x40,
  op.get, ACC_C, op.get, A, SIMD, simd.load, 0, 0, ...splat(0xc0), SIMD, simd.and, ...splat(0x80), SIMD, simd.eq8, SIMD, simd.sub8, op.set, ACC_C,
  op.get, ACC_N, op.get, A, SIMD, simd.load, 0, 0, ...splat(0x0a), SIMD, simd.eq8, SIMD, simd.sub8, op.set, ACC_N,
  op.get, A, ...i32(16), op.add, op.set, A,
  op.get, K, ...i32(1), op.sub, op.tee, K, op.eqz, op.brIf, 1,
  op.get, B, op.get, A, op.sub, ...i32(16), op.geS, op.brIf, 0,
  op.end, op.end,
  ...lanesInto(ACC_C, CONT), ...lanesInto(ACC_N, NL),
  op.br, 0, op.end, op.end,
  op.block, 0x40, op.loop, 0x40,
  op.get, A, op.get, B, op.geU, op.brIf, 1,
  op.get, A, op.load8u, 0, 0, ...i32(0xc0), op.and, ...i32(0x80), op.eq, op.get, CONT, op.add, op.set, CONT,
  op.get, A, op.load8u, 0, 0, ...i32(0x0a), op.eq, op.get, NL, op.add, op.set, NL,
  op.get, A, ...i32(1), op.add, op.set, A,
  op.br, 0, op.end, op.end,
  ...i32(0), op.get, NL, op.store, 2, 0,
  op.get, CONT, op.end,
];

// prettier-ignore
const MODULE = new Uint8Array([
  0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00,
  ...section(1, [1, 0x60, 2, 0x7f, 0x7f, 1, 0x7f]),
  ...section(3, [1, 0]),
  ...section(5, [1, 0, 2]),
  ...section(7, [2, ...name('mem'), 2, 0, ...name('count'), 0, 0]),
  ...section(10, [1, ...uleb(BODY.length), ...BODY]),
]);

/** Where chunk bytes start in the module's memory (bytes [0, 4) hold the last `\n` count). */
const DATA = 16;
const PAGE = 65_536;

let compiled: WebAssembly.Module | null | undefined;
/** The compiled module, or null where WebAssembly SIMD is not available (callers then count in JavaScript). */
function module(): WebAssembly.Module | null {
  if (compiled === undefined) {
    try {
      compiled = WebAssembly.validate(MODULE) ? new WebAssembly.Module(MODULE) : null;
    } catch {
      compiled = null;
    }
  }
  return compiled;
}

/**
 * Counts code points and `\n` bytes in ranges of one chunk at a time. {@link load} copies the chunk into the
 * module's memory; {@link count} then answers for byte ranges [a, b) of it (well-formed UTF-8, a and b at
 * code-point starts). `null` from {@link createSimdCounter} when WebAssembly SIMD is missing.
 */
export interface SimdCounter {
  /** Copies `bytes` in (the memory grows as needed); later counts refer to it. */
  load(bytes: Uint8Array): void;
  /** Code points in bytes [a, b) of the loaded chunk, and `\n` bytes into `out.newlines`. */
  count(a: number, b: number, out: { codePoints: number; newlines: number }): void;
}

/** A counter with its own memory, or null where WebAssembly SIMD cannot run. */
export function createSimdCounter(): SimdCounter | null {
  const m = module();
  if (m === null) return null;
  const instance = new WebAssembly.Instance(m);
  const memory = instance.exports.mem as WebAssembly.Memory;
  const fn = instance.exports.count as (a: number, b: number) => number;
  let bytes = new Uint8Array(memory.buffer);
  let words = new Int32Array(memory.buffer, 0, 1);
  return {
    load(chunk) {
      const need = DATA + chunk.length;
      if (need > bytes.length) {
        memory.grow(Math.ceil((need - bytes.length) / PAGE));
        bytes = new Uint8Array(memory.buffer);
        words = new Int32Array(memory.buffer, 0, 1);
      }
      bytes.set(chunk, DATA);
    },
    count(a, b, out) {
      const cont = fn(DATA + a, DATA + b);
      out.codePoints = b - a - cont;
      out.newlines = words[0]!;
    },
  };
}
