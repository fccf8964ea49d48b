// Streaming the output of `read`: a whole value through iterateContent, an explicit slice through repeated
// bounded reads, so neither holds more than one window and neither is ever cut at the store's cap.
import type { ReadResult } from '../../contract';
import type { Principal } from '../../scratchpad/types';
import type { Scratchpad } from '../../scratchpad/types';
import { hexDump } from '../format';
import { writeAll, type CliIo } from '../io';
import { WINDOW_UNITS } from '../../common/limits';

/** Units (code points or bytes) asked per window (common/limits.ts): well under the store's default cap. */
export const READ_WINDOW = WINDOW_UNITS.code_points;

/** How the bytes of a slice go to stdout. */
export type ReadOutput = 'text' | 'raw' | 'hex';

/**
 * Writes to stdout what it is given, as text or raw bytes or a hex dump with offsets counted from `offset`
 * (lines of 16 bytes even across chunk edges). For text, `end()` adds a final newline when the output did
 * not end with one, so a pipe gets whole lines.
 */
export class SliceWriter {
  private carry: Buffer = Buffer.alloc(0);
  private lastByte = -1;
  written = 0;
  constructor(
    private readonly io: CliIo,
    private readonly output: ReadOutput,
    private offset: number,
  ) {}

  async write(bytes: Uint8Array): Promise<void> {
    if (bytes.length === 0) return;
    this.written += bytes.length;
    if (this.output !== 'hex') {
      this.lastByte = bytes[bytes.length - 1] as number;
      return writeAll(this.io.stdout, bytes);
    }
    const all = this.carry.length > 0 ? Buffer.concat([this.carry, bytes]) : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
    const whole = all.length - (all.length % 16);
    this.carry = Buffer.from(all.subarray(whole));
    if (whole > 0) {
      await writeAll(this.io.stdout, hexDump(all.subarray(0, whole), this.offset));
      this.offset += whole;
    }
  }

  async end(): Promise<void> {
    if (this.output === 'hex' && this.carry.length > 0) await writeAll(this.io.stdout, hexDump(this.carry, this.offset));
    if (this.output === 'text' && this.written > 0 && this.lastByte !== 0x0a) await writeAll(this.io.stdout, '\n');
  }
}

/** The bytes of one read result (UTF-8 of text, decoded base64 of binary). */
export function bytesOf(result: ReadResult): Buffer {
  return Buffer.from(result.content, result.encoding === 'base64' ? 'base64' : 'utf8');
}

/**
 * Reads units [start, end) of an entry in windows of {@link READ_WINDOW} with `range` reads, handing each
 * window to `each`; returns the units read. Each window advances by what the store returned, so a store
 * that caps a window still yields every unit.
 */
export async function readWindows(
  store: Scratchpad,
  principal: Principal,
  id: string,
  start: number,
  end: number,
  each: (window: ReadResult) => Promise<void> | void,
): Promise<number> {
  let pos = start;
  while (pos < end) {
    const window = await store.read(principal, id, { mode: 'range', start: pos, end: Math.min(end, pos + READ_WINDOW) });
    if (window.meta.returnedLength === 0) break; // the value shrank under us (gc); never loop forever
    await each(window);
    pos = window.meta.end;
  }
  return pos - start;
}
