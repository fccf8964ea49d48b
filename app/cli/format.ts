import { formatTime as commonFormatTime, timeZoneName } from '../common/format';
import type { ExpiryState } from '../contract';
import type { Paint } from './io';

// Bytes, times and relative times are printed by the app's formatters (app/common/format.ts), so the CLI and
// the app print a row the same way.
export { formatBytes, formatRelative } from '../common/format';

/**
 * Unix seconds as the app prints them (local "YYYY-MM-DD HH:MM:SS", common/format.ts formatTime), followed by
 * the time zone's short name, since a CLI line has no header that names it: "2026-01-01 00:00:30 UTC".
 * +Infinity is "never".
 */
export function formatTime(at: number): string {
  if (!Number.isFinite(at)) return commonFormatTime(at);
  return `${commonFormatTime(at)} ${timeZoneName(at * 1000)}`;
}

/** An expiry state coloured: expired red, expiring yellow, live green. */
export function formatExpiry(state: ExpiryState, paint: Paint): string {
  return paint(state === 'expired' ? 'red' : state === 'expiring' ? 'yellow' : 'green', state);
}

/** Text on one line (whitespace runs collapsed), cut to `max` code points with an ellipsis. */
export function oneLine(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const cps = [...flat];
  return cps.length <= max ? flat : cps.slice(0, Math.max(0, max - 1)).join('') + '…';
}

/**
 * A hex dump as `xxd`/`hexdump -C` print it: offset (8 hex digits, starting at `offset`), 16 bytes in two
 * groups of 8, then the printable ASCII (others as `.`), one line per 16 bytes, each ending in a newline.
 */
export function hexDump(bytes: Uint8Array, offset = 0): string {
  const lines: string[] = [];
  for (let i = 0; i < bytes.length; i += 16) {
    const row = bytes.subarray(i, i + 16);
    const hex = Array.from({ length: 16 }, (_, j) => (j < row.length ? (row[j] as number).toString(16).padStart(2, '0') : '  '));
    const ascii = Array.from(row, (b) => (b >= 0x20 && b < 0x7f ? String.fromCharCode(b) : '.')).join('');
    lines.push(`${(offset + i).toString(16).padStart(8, '0')}  ${hex.slice(0, 8).join(' ')}  ${hex.slice(8).join(' ')}  |${ascii}|\n`);
  }
  return lines.join('');
}
