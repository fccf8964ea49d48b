import type { ExpiryState } from '../contract';
import type { Paint } from './io';

/** Bytes as `N B`, `x.y KiB`, `x.y MiB` or `x.y GiB` (binary units, one decimal). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KiB', 'MiB', 'GiB', 'TiB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(1)} ${units[unit]}`;
}

const RTF = new Intl.RelativeTimeFormat('en', { style: 'narrow', numeric: 'auto' });
const STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 365],
];

/** `at` relative to `now` (both Unix seconds), e.g. `3m ago`, `in 4m`, `2d ago`, `now`. */
export function formatRelative(at: number, now: number): string {
  if (at === Number.POSITIVE_INFINITY) return 'never';
  if (at === Number.NEGATIVE_INFINITY) return 'always expired';
  let value = at - now;
  for (const [unit, size] of STEPS) {
    if (Math.abs(value) < size) return RTF.format(Math.trunc(value), unit);
    value /= size;
  }
  return RTF.format(Math.trunc(value), 'year');
}

/** Unix seconds as an ISO 8601 UTC time without milliseconds. */
export function formatTime(at: number): string {
  if (at === Number.POSITIVE_INFINITY) return 'never (+Infinity)';
  if (at === Number.NEGATIVE_INFINITY) return '-Infinity';
  return new Date(Math.round(at * 1000)).toISOString().replace(/\.\d{3}Z$/, 'Z');
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
