/** Number of "\n" bytes (0x0A) in `bytes`: a chunk's line count for a future line index (native indexOf, no decode). */
export function countNewlines(bytes: Uint8Array): number {
  const buf = Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let n = 0;
  for (let at = buf.indexOf(10); at !== -1; at = buf.indexOf(10, at + 1)) n++;
  return n;
}
