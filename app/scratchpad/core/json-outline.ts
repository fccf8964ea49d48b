/*
 * The outline of a JSON text from one pass over its UTF-8 bytes (store `jsonOutline`): where each container near
 * the root and its children are, in code points, without building any value. JSON's structural characters are
 * ASCII and never occur inside a multi-byte sequence, so bytes are scanned as they are; a code point is a byte
 * that is not a continuation byte (10xxxxxx).
 */
import type { JsonOutline, JsonOutlineBlock, JsonOutlineNode } from '../../contract/json-outline';

/** Most code points of one `values` block (one read of the tree); a longer child is a block of its own. */
export const OUTLINE_BLOCK_CODE_POINTS = 64 * 1024;
/** Deepest nesting the outline follows; deeper text has no outline (the tree parses it whole). */
export const OUTLINE_MAX_DEPTH = 256;
/** UTF-16 units of a long scalar's preview (as the tree's rows cut a value). */
export const OUTLINE_PREVIEW_UNITS = 400;
/** Bytes kept of a key or a long scalar's start: enough for OUTLINE_PREVIEW_UNITS of any UTF-8 text. */
const HEAD_BYTES = 4 * OUTLINE_PREVIEW_UNITS;
/** Longest member name of a described child, in bytes (a longer one: no outline). */
const MAX_KEY_BYTES = 64 * 1024;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;

// What an open container expects next.
const VALUE_OR_CLOSE = 0; // after '['
const KEY_OR_CLOSE = 1; // after '{'
const KEY = 2; // after ',' in an object
const COLON_NEXT = 3; // after a key
const VALUE = 4; // after ',' in an array or ':' in an object
const COMMA_OR_CLOSE = 5; // after a value

/** What {@link Outliner.token} started: a string, or another scalar (a number, true, false, null). */
const STARTS_STRING = 1;
const STARTS_SCALAR = 2;

/** An open container. One per depth, reused (a 50,000-item list opens and closes 50,000 of them). */
class Frame {
  array = false;
  start = 0;
  size = 0;
  expect = VALUE_OR_CLOSE;
  /** Code point where the current member starts (an object's key quote, an array item's first unit). */
  memberStart = 0;
  /** Blocks flushed so far (only a container longer than a block has any before it closes). */
  blocks: JsonOutlineBlock[] | null = null;
  /** The values block being filled: `count` 0 when none. */
  vFirst = 0;
  vCount = 0;
  vStart = 0;
  vEnd = 0;
  /** Values begun by depth (the outliner's `begun`) when the current member began, and when the values block did. */
  readonly memberSnap: Float64Array;
  readonly blockSnap: Float64Array;
  /** The current member's key (objects): bytes [keyFrom, keyTo) of `keyChunk`, or `keyParts` when it spans chunks. */
  keyChunk: Uint8Array | null = null;
  keyFrom = 0;
  keyTo = 0;
  keyParts: Uint8Array[] | null = null;
  constructor(readonly depth: number) {
    this.memberSnap = new Float64Array(OUTLINE_MAX_DEPTH + 2);
    this.blockSnap = new Float64Array(OUTLINE_MAX_DEPTH + 2);
  }
}

class NoOutline extends Error {}

const decoder = new TextDecoder();

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.byteLength, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.byteLength;
  }
  return out;
}

/** See {@link createJsonOutliner}. */
export type JsonOutliner = {
  /** Scans the next bytes of the text (any split, even inside a character). */
  push(bytes: Uint8Array): void;
  /** The outline of everything pushed (the root, or null with the reason there is none). */
  end(): JsonOutline;
};

/**
 * An outline builder over a JSON text's UTF-8 bytes pushed in order. Every container is a node of the outline
 * when it is the root or longer than `blockCodePoints` (with its key); the children of a node are grouped into
 * blocks of at most `blockCodePoints` code points. Checks the structure (brackets, strings, commas, colons,
 * keys) but not the scalars' spelling, which the reader's JSON.parse of a block checks. Costs one pass over the
 * bytes (no value is built) and memory in the number of described nodes and blocks (about the text's length /
 * `blockCodePoints` per level). Never throws: text it cannot outline gives `root: null` and a reason.
 */
export function createJsonOutliner(blockCodePoints = OUTLINE_BLOCK_CODE_POINTS): JsonOutliner {
  return new Outliner(blockCodePoints);
}

class Outliner implements JsonOutliner {
  private readonly frames: Frame[] = [];
  /** Open containers: frames[0, top). */
  private top = 0;
  /** Values begun so far by depth (the root 0, its children 1...): a block's `depths` are differences of it. */
  private readonly begun = new Float64Array(OUTLINE_MAX_DEPTH + 2);
  private deepest = 0;
  private root: JsonOutlineNode | null = null;
  private failed: string | null = null;
  private started = false;
  private byteBase = 0;
  private continuation = 0;
  private inString = false;
  private escaped = false;
  private inScalar = false;
  /** The string being read is an object's key. */
  private keyString = false;
  private scalarKind: 'string' | 'number' | 'boolean' | 'null' = 'null';
  private scalarStart = 0;
  /** A scalar's first bytes: from `scalarAt` of `scalarChunk` (the chunk being scanned), or saved in `scalarHead`. */
  private scalarChunk: Uint8Array | null = null;
  private scalarAt = 0;
  private scalarHead: Uint8Array[] | null = null;
  private scalarHeadBytes = 0;
  /** The chunk being scanned, and the index in it just past the scalar that ends. */
  private chunk: Uint8Array | null = null;
  private scalarEndAt = 0;

  constructor(private readonly blockCodePoints: number) {}

  private fail(why: string): never {
    throw new NoOutline(why);
  }

  /** A value begins at code point `at` inside frames[top - 1] (or as the root). */
  private valueBegins(at: number): void {
    const depth = this.top;
    if (depth === 0) {
      if (this.started) this.fail('text after the document');
      this.started = true;
    } else {
      const frame = this.frames[depth - 1]!;
      if (frame.expect !== VALUE && frame.expect !== VALUE_OR_CLOSE) this.fail('a value where a comma, a colon or a key belongs');
      frame.expect = COMMA_OR_CLOSE;
      // An item's member starts here (an object's at its key): the snapshot before the item counts itself.
      if (frame.array) this.memberBegins(frame, at);
    }
    this.begun[depth] = this.begun[depth]! + 1;
    if (depth > this.deepest) this.deepest = depth;
  }

  /** The member of `frame` whose text starts at `at` (an item, or a key and its value). */
  private memberBegins(frame: Frame, at: number): void {
    frame.memberStart = at;
    const snap = frame.memberSnap;
    for (let d = frame.depth + 1; d <= this.deepest + 1; d++) snap[d] = this.begun[d]!;
  }

  /** `depths` of values begun between snapshot `from` and `to` (null: now), from depth `depth` down. */
  private depths(from: Float64Array, to: Float64Array | null, depth: number): number[] {
    const out: number[] = [];
    for (let d = depth; d <= this.deepest; d++) {
      const n = (to ? to[d]! : this.begun[d]!) - from[d]!;
      if (n === 0) break;
      out.push(n);
    }
    return out;
  }

  private flush(frame: Frame, to: Float64Array | null): void {
    if (frame.vCount === 0) return;
    (frame.blocks ??= []).push({
      type: 'values',
      first: frame.vFirst,
      count: frame.vCount,
      start: frame.vStart,
      end: frame.vEnd,
      depths: this.depths(frame.blockSnap, to, frame.depth + 1),
    });
    frame.vCount = 0;
  }

  private keyText(frame: Frame): string {
    const bytes = frame.keyParts ? concat(frame.keyParts) : frame.keyChunk ? frame.keyChunk.subarray(frame.keyFrom, frame.keyTo) : null;
    if (!bytes) return this.fail('a member without its key');
    try {
      return JSON.parse(decoder.decode(bytes)) as string;
    } catch {
      return this.fail('a key that is not a JSON string');
    }
  }

  /** A child of `frame` ended at code point `end`; `node` when it is a container described in the outline. */
  private childEnded(frame: Frame, end: number, node: JsonOutlineNode | null): void {
    const index = frame.size++;
    const start = frame.memberStart;
    if (end - start > this.blockCodePoints) {
      this.flush(frame, frame.memberSnap);
      const key = frame.array ? null : this.keyText(frame);
      const blocks = (frame.blocks ??= []);
      if (node) blocks.push({ type: 'node', first: index, key, node, depths: this.depths(frame.memberSnap, null, frame.depth + 1) });
      else {
        // Its first bytes: those kept from earlier chunks, then this chunk's up to its end.
        const chunk = this.chunk!;
        const tail = chunk.subarray(this.scalarChunk === chunk ? this.scalarAt : 0, this.scalarEndAt);
        const head = this.scalarHead ? concat([...this.scalarHead, tail.subarray(0, HEAD_BYTES)]) : tail;
        const text = decoder.decode(head.subarray(0, HEAD_BYTES));
        const preview = text.length > OUTLINE_PREVIEW_UNITS ? text.slice(0, OUTLINE_PREVIEW_UNITS) + '…' : text;
        blocks.push({ type: 'scalar', first: index, key, kind: this.scalarKind, start: this.scalarStart, end, preview });
      }
      return;
    }
    if (frame.vCount > 0 && end - frame.vStart > this.blockCodePoints) this.flush(frame, frame.memberSnap);
    if (frame.vCount === 0) {
      frame.vFirst = index;
      frame.vStart = start;
      // The depths a block counts (as memberBegins copies them): not the whole snapshot, which every small
      // container's first child would copy (2 KiB each, most of a 50,000-item list's scan). Deeper entries of
      // both snapshots were never written, as `deepest` only grows: they are 0 in both.
      const from = frame.memberSnap;
      const to = frame.blockSnap;
      for (let d = frame.depth + 1; d <= this.deepest + 1; d++) to[d] = from[d]!;
    }
    frame.vCount++;
    frame.vEnd = end;
  }

  /** The string that a quote at index `i` of `bytes` closes, ending at code point `end`: a key, or a value. */
  private stringEnds(bytes: Uint8Array, i: number, end: number): void {
    if (this.keyString) {
      this.keyString = false;
      const frame = this.frames[this.top - 1]!;
      if (frame.keyParts) frame.keyParts.push(bytes.slice(0, i + 1));
      else frame.keyTo = i + 1;
      frame.expect = COLON_NEXT;
    } else this.scalarEnds(i + 1, end);
  }

  /** The scalar value ends before index `endAt` of the chunk being scanned, at code point `end`. */
  private scalarEnds(endAt: number, end: number): void {
    this.scalarEndAt = endAt;
    this.childEnded(this.frames[this.top - 1]!, end, null);
    this.scalarHead = null;
    this.scalarChunk = null;
  }

  private open(array: boolean, at: number): void {
    if (this.top >= OUTLINE_MAX_DEPTH) this.fail(`nesting deeper than ${OUTLINE_MAX_DEPTH}`);
    const frame = (this.frames[this.top] ??= new Frame(this.top));
    this.top++;
    frame.array = array;
    frame.start = at;
    frame.size = 0;
    frame.expect = array ? VALUE_OR_CLOSE : KEY_OR_CLOSE;
    frame.memberStart = at;
    frame.blocks = null;
    frame.vCount = 0;
    frame.keyChunk = null;
    frame.keyParts = null;
  }

  private close(array: boolean, end: number): void {
    if (this.top === 0) this.fail('a closing bracket outside the document');
    const frame = this.frames[--this.top]!;
    if (frame.array !== array) this.fail('a closing bracket that does not match');
    if (frame.expect === KEY || frame.expect === VALUE || frame.expect === COLON_NEXT) this.fail('a comma or colon before a closing bracket');
    const parent = this.top > 0 ? this.frames[this.top - 1]! : null;
    // Described when it is the root or its member (with its key) is longer than a block (as childEnded decides).
    let node: JsonOutlineNode | null = null;
    if (!parent || end - parent.memberStart > this.blockCodePoints) {
      this.flush(frame, null);
      node = { kind: array ? 'array' : 'object', start: frame.start, end, size: frame.size, blocks: frame.blocks ?? [] };
      frame.blocks = null;
    }
    if (parent) this.childEnded(parent, end, node);
    else this.root = node;
  }

  /** The scan of one chunk: the loop runs once per byte, so its state lives in locals meanwhile. */
  private scan(bytes: Uint8Array): void {
    const n = bytes.length;
    const base = this.byteBase;
    this.chunk = bytes;
    let cont = this.continuation;
    let inString = this.inString;
    let inScalar = this.inScalar;
    let escaped = this.escaped;
    // (No try/finally around the loop: its state is written back below; after a failure it is not read.)
    for (let i = 0; i < n; i++) {
      let c = bytes[i]!;
      if (inString) {
        if (escaped) {
          escaped = false;
          if ((c & 0xc0) === 0x80) cont++;
          continue;
        }
        // The string's plain units in one tight loop.
        while (c !== QUOTE && c !== BACKSLASH) {
          if (c >= 0x80) {
            if ((c & 0xc0) === 0x80) cont++;
          } else if (c < 0x20) this.fail('a control character in a string');
          if (++i === n) break;
          c = bytes[i]!;
        }
        if (i === n) break;
        if (c === BACKSLASH) {
          escaped = true;
          continue;
        }
        inString = false;
        this.stringEnds(bytes, i, base + i - cont + 1);
        continue;
      }
      if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) {
        if (inScalar) {
          inScalar = false;
          this.scalarEnds(i, base + i - cont);
        }
        // A run of white space (a pretty-printed text's indents are most of it) in one tight loop.
        while (i + 1 < n && ((c = bytes[i + 1]!) === 0x20 || c === 0x0a || c === 0x0d || c === 0x09)) i++;
        continue;
      }
      if (inScalar) {
        if (c === COMMA || c === CLOSE_BRACE || c === CLOSE_BRACKET) {
          inScalar = false;
          this.scalarEnds(i, base + i - cont);
        } else if (c === QUOTE || c === OPEN_BRACE || c === OPEN_BRACKET || c === COLON) this.fail('a scalar followed by more than a separator');
        else {
          if ((c & 0xc0) === 0x80) cont++;
          continue;
        }
      }
      // A structural character, a string's or a scalar's start: rare next to the bytes above, so out of this
      // loop (a small loop is optimised early; the whole scan inlined would wait for a long compile).
      const started = this.token(c, bytes, i, base + i - cont);
      if (started === STARTS_STRING) inString = true;
      else if (started === STARTS_SCALAR) inScalar = true;
    }
    this.continuation = cont;
    this.inString = inString;
    this.inScalar = inScalar;
    this.escaped = escaped;
  }

  /** The token that starts with byte `c` (at index `i` of `bytes`, code point `at`); what it starts, if a string or scalar. */
  private token(c: number, bytes: Uint8Array, i: number, at: number): number {
    if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      this.valueBegins(at);
      this.open(c === OPEN_BRACKET, at);
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) this.close(c === CLOSE_BRACKET, at + 1);
    else if (c === COMMA) {
      const frame = this.top > 0 ? this.frames[this.top - 1]! : null;
      if (!frame || frame.expect !== COMMA_OR_CLOSE) this.fail('a comma that does not follow a value');
      frame.expect = frame.array ? VALUE : KEY;
    } else if (c === COLON) {
      const frame = this.top > 0 ? this.frames[this.top - 1]! : null;
      if (!frame || frame.expect !== COLON_NEXT) this.fail('a colon that does not follow a key');
      frame.expect = VALUE;
    } else if (c === QUOTE) {
      const frame = this.top > 0 ? this.frames[this.top - 1]! : null;
      if (frame && !frame.array && (frame.expect === KEY || frame.expect === KEY_OR_CLOSE)) {
        this.memberBegins(frame, at);
        frame.keyChunk = bytes;
        frame.keyFrom = i;
        frame.keyParts = null;
        this.keyString = true;
        return STARTS_STRING;
      }
      if (!frame) this.fail('a scalar at the top');
      this.valueBegins(at);
      this.scalarKind = 'string';
      this.scalarStart = at;
      this.scalarChunk = bytes;
      this.scalarAt = i;
      return STARTS_STRING;
    } else {
      if (c >= 0x80 || this.top === 0) this.fail(c >= 0x80 ? 'a character outside a string' : 'a scalar at the top');
      this.valueBegins(at);
      this.scalarKind = c === 0x74 || c === 0x66 ? 'boolean' : c === 0x6e ? 'null' : 'number';
      this.scalarStart = at;
      this.scalarChunk = bytes;
      this.scalarAt = i;
      return STARTS_SCALAR;
    }
    return 0;
  }

  /** Copies what the outline still needs of a chunk before the next one: open members' keys, a scalar's start. */
  private keep(bytes: Uint8Array): void {
    for (let d = 0; d < this.top; d++) {
      const frame = this.frames[d]!;
      if (frame.keyChunk !== bytes) continue;
      const key = bytes.slice(frame.keyFrom, this.keyString && d === this.top - 1 ? bytes.length : frame.keyTo);
      if (this.keyString && d === this.top - 1) frame.keyParts = [key];
      else {
        frame.keyChunk = key;
        frame.keyFrom = 0;
        frame.keyTo = key.length;
      }
    }
    if (this.keyString) {
      const frame = this.frames[this.top - 1]!;
      const bytesSoFar = frame.keyParts!.reduce((n, p) => n + p.byteLength, 0);
      if (bytesSoFar > MAX_KEY_BYTES) this.fail('a key longer than 64 KiB');
      if (frame.keyChunk !== bytes) frame.keyParts!.push(bytes.slice());
      frame.keyChunk = null;
    }
    if ((this.inString && !this.keyString) || this.inScalar) {
      if (this.scalarChunk === bytes) {
        this.scalarHead = [bytes.slice(this.scalarAt, this.scalarAt + HEAD_BYTES)];
        this.scalarHeadBytes = this.scalarHead[0]!.byteLength;
      } else if (this.scalarHeadBytes < HEAD_BYTES) {
        const part = bytes.slice(0, HEAD_BYTES - this.scalarHeadBytes);
        this.scalarHead!.push(part);
        this.scalarHeadBytes += part.byteLength;
      }
    }
  }

  push(bytes: Uint8Array): void {
    if (this.failed !== null) return;
    try {
      this.scan(bytes);
      this.keep(bytes);
    } catch (error) {
      if (!(error instanceof NoOutline)) throw error;
      this.failed = error.message;
    }
    this.byteBase += bytes.length;
  }

  end(): JsonOutline {
    const totalCodePoints = this.byteBase - this.continuation;
    let reason = this.failed;
    if (reason === null && !this.started) reason = 'no document';
    if (reason === null && (this.inString || this.inScalar || this.top > 0)) reason = 'the text ends inside the document';
    if (reason !== null || this.root === null) return { totalCodePoints, root: null, reason: reason ?? 'a scalar at the top' };
    return { totalCodePoints, root: this.root };
  }
}

/** Described children of the root whose first block comes with the outline (the rows a tree opens with). */
const FIRST_TEXTS_OF = 4;

/**
 * `root` with the text of its first `values` block and of the first `values` block of each of its first
 * FIRST_TEXTS_OF described children (`read(start, end)`: the entry's code points [start, end)): what a tree
 * opened one level deep shows first, so it shows without a read of its own.
 */
export async function withFirstTexts(root: JsonOutlineNode, read: (start: number, end: number) => Promise<string>): Promise<JsonOutlineNode> {
  const withText = async (node: JsonOutlineNode, children: boolean): Promise<JsonOutlineNode> => {
    let firstValues = true;
    let described = 0;
    const blocks: JsonOutlineBlock[] = [];
    for (const block of node.blocks) {
      if (block.type === 'values' && firstValues) {
        firstValues = false;
        blocks.push({ ...block, text: await read(block.start, block.end) });
      } else if (block.type === 'node' && children && described < FIRST_TEXTS_OF) {
        described++;
        blocks.push({ ...block, node: await withText(block.node, false) });
      } else blocks.push(block);
    }
    return { ...node, blocks };
  };
  return withText(root, true);
}
