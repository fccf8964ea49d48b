import { codePointLength } from '../../common/codepoints';
import type { ContentChunk } from './backend';

const decoder = new TextDecoder('utf-8', { ignoreBOM: true });

/** Bytes at the end of `bytes` that start a UTF-8 sequence the window does not finish (0-3). */
function unfinishedTail(bytes: Uint8Array): number {
  const n = bytes.length;
  for (let back = 1; back <= Math.min(3, n); back++) {
    const b = bytes[n - back]!;
    if ((b & 0xc0) === 0x80) continue; // continuation byte: look further back
    const need = b >= 0xf0 && b <= 0xf4 ? 4 : b >= 0xe0 ? 3 : b >= 0xc2 ? 2 : 1;
    return need > back ? back : 0;
  }
  return 0;
}

/**
 * Text chunks (core/backend.ts {@link ContentChunk}) from raw UTF-8 windows of any size: a code point cut by a
 * window edge moves to the next chunk, and each chunk's code-point range is counted as WHATWG TextDecoder counts
 * (invalid bytes become U+FFFD). For backends that store text as plain byte ranges (metnos-v1, a database
 * column); a backend that stores code-point offsets yields its chunks directly.
 */
export async function* utf8Chunks(windows: AsyncIterable<Uint8Array> | Iterable<Uint8Array>): AsyncGenerator<ContentChunk> {
  const cut = new Utf8Cutter();
  for await (const window of windows) {
    const chunk = cut.push(window);
    if (chunk !== null) yield chunk;
  }
  const last = cut.flush();
  if (last !== null) yield last;
}

/** {@link utf8Chunks} over synchronous windows (the same boundaries), for a backend building an index in one pass. */
export function* utf8ChunksSync(windows: Iterable<Uint8Array>): Generator<ContentChunk> {
  const cut = new Utf8Cutter();
  for (const window of windows) {
    const chunk = cut.push(window);
    if (chunk !== null) yield chunk;
  }
  const last = cut.flush();
  if (last !== null) yield last;
}

/** The state between windows: the unfinished sequence carried over and the code points so far. */
class Utf8Cutter {
  private carry = new Uint8Array(0);
  private cp = 0;

  push(window: Uint8Array): ContentChunk | null {
    const bytes = this.carry.length === 0 ? window : concat(this.carry, window);
    const tail = unfinishedTail(bytes);
    const body = bytes.subarray(0, bytes.length - tail);
    this.carry = bytes.slice(bytes.length - tail);
    if (body.length === 0) return null;
    return this.emit(body);
  }

  flush(): ContentChunk | null {
    return this.carry.length > 0 ? this.emit(this.carry) : null;
  }

  private emit(bytes: Uint8Array): ContentChunk {
    const count = codePointLength(decoder.decode(bytes)); // decoded text: no lone surrogates
    const chunk = { bytes, start: this.cp, end: this.cp + count };
    this.cp += count;
    return chunk;
  }
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a, 0);
  out.set(b, a.length);
  return out;
}
