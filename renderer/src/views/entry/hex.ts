/** Bytes per hex dump row. */
export const HEX_ROW_BYTES = 16;

/** One formatted hex dump row: offset, hex byte pairs and the ASCII column. */
export type HexRow = { readonly offset: string; readonly hex: string; readonly ascii: string };

/** Printable ASCII (0x20..0x7e) as itself, every other byte as '.'. */
export function asciiOf(byte: number): string {
  return byte >= 0x20 && byte <= 0x7e ? String.fromCharCode(byte) : '.';
}

/** Offset column: hex, at least 8 digits (more when the entry is larger than 4 GiB). */
export function formatOffset(offset: number, digits = 8): string {
  return offset.toString(16).padStart(digits, '0');
}

/** Digits the offset column needs for an entry of `totalBytes`. */
export function offsetDigits(totalBytes: number): number {
  return Math.max(8, Math.max(0, totalBytes - 1).toString(16).length);
}

/**
 * Formats row `row` of `bytes` (a slice starting at absolute byte `baseOffset`): offset of its first byte,
 * up to 16 hex pairs split 8+8, padded so the ASCII column lines up on a short last row.
 */
export function hexRow(bytes: Uint8Array, row: number, baseOffset: number, digits = 8): HexRow {
  const from = row * HEX_ROW_BYTES;
  const chunk = bytes.subarray(from, Math.min(bytes.length, from + HEX_ROW_BYTES));
  const pairs: string[] = [];
  let ascii = '';
  for (let i = 0; i < HEX_ROW_BYTES; i++) {
    const byte = chunk[i];
    pairs.push(byte === undefined ? '  ' : byte.toString(16).padStart(2, '0'));
    if (byte !== undefined) ascii += asciiOf(byte);
  }
  const hex = `${pairs.slice(0, 8).join(' ')}  ${pairs.slice(8).join(' ')}`;
  return { offset: formatOffset(baseOffset + from, digits), hex, ascii };
}

/** Number of rows a slice of `length` bytes takes. */
export function hexRowCount(length: number): number {
  return Math.ceil(length / HEX_ROW_BYTES);
}

/** Decodes the base64 content of a binary read into bytes. */
export function base64ToBytes(base64: string): Uint8Array {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
