/*
 * Display helpers. Inputs follow the contract's units: sizes in bytes, times in Unix seconds (float).
 */

const BYTE_UNITS = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];

/** Human size with binary prefixes: 1536 -> "1.5 KiB"; exact bytes below 1 KiB. */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes)) return '—';
  let value = bytes;
  let unit = 0;
  while (Math.abs(value) >= 1024 && unit < BYTE_UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  if (unit === 0) return `${value} B`;
  const digits = value >= 100 ? 0 : value >= 10 ? 1 : 2;
  return `${Number(value.toFixed(digits))} ${BYTE_UNITS[unit]}`;
}

// One formatter for every call: `toLocaleString` builds a new one each time, about a millisecond under load,
// and the lists call it for every row.
const COUNT = new Intl.NumberFormat('en-US');

/** Integer with the locale's grouping: 1234567 -> "1,234,567". */
export function formatCount(n: number): string {
  return COUNT.format(n);
}

/**
 * A count with its noun, singular for exactly one: plural(1, 'row') -> "1 row", plural(1234, 'row') ->
 * "1,234 rows", plural(2, 'entry', 'entries') -> "2 entries". The count is grouped as formatCount does.
 */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${formatCount(n)} ${n === 1 ? one : many}`;
}

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0');
}

/** Absolute local time "YYYY-MM-DD HH:MM:SS" of a Unix-seconds timestamp. */
export function formatTime(seconds: number): string {
  if (seconds === Number.POSITIVE_INFINITY) return 'never';
  if (seconds === Number.NEGATIVE_INFINITY) return '-Infinity';
  const d = new Date(seconds * 1000);
  if (Number.isNaN(d.getTime())) return '—';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/**
 * Compact local time for list columns: "HH:MM:SS" when on the same local day as `now`, else "MM-DD HH:MM",
 * and "YYYY-MM-DD" in another year. The full time belongs in the cell's title.
 */
export function formatShortTime(seconds: number, now: number): string {
  const d = new Date(seconds * 1000);
  const n = new Date(now * 1000);
  if (Number.isNaN(d.getTime())) return '—';
  if (d.getFullYear() !== n.getFullYear()) return formatTime(seconds).slice(0, 10);
  if (d.getMonth() === n.getMonth() && d.getDate() === n.getDate()) return formatTime(seconds).slice(11);
  return formatTime(seconds).slice(5, 16);
}

const RELATIVE = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
const STEPS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 30],
  ['month', 12],
  ['year', Infinity],
];

/** Relative time of `seconds` seen from `now` (both Unix seconds): "in 5 minutes", "3 hours ago". */
export function formatRelative(seconds: number, now: number): string {
  if (seconds === Number.POSITIVE_INFINITY) return 'never';
  if (seconds === Number.NEGATIVE_INFINITY) return 'always expired';
  let delta = seconds - now;
  for (const [unit, size] of STEPS) {
    if (Math.abs(delta) < size) return RELATIVE.format(Math.round(delta), unit);
    delta /= size;
  }
  return RELATIVE.format(Math.round(delta), 'year');
}

/** A positive span of `seconds` (whole seconds counted) in its two largest units: "2d 3h", "3h 5m", "4m 05s", "7s". */
export function formatDuration(seconds: number): string {
  const s = Math.floor(seconds);
  const d = Math.floor(s / 86400);
  const h = Math.floor((s % 86400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  if (d > 0) return `${d}d ${h}h`;
  if (h > 0) return `${h}h ${m}m`;
  if (m > 0) return `${m}m ${pad(sec)}s`;
  return `${sec}s`;
}

/** Countdown to expiry: "4m 59s left", "2d 3h left", or "expired" once expiresAt <= now (Unix seconds). */
export function formatCountdown(expiresAt: number, now: number): string {
  const left = expiresAt - now;
  if (left <= 0) return 'expired';
  if (left === Number.POSITIVE_INFINITY) return 'never expires';
  return `${formatDuration(left)} left`;
}

/**
 * Compact age of a past moment: "just now" (< 1 minute), "5m ago", "3h ago", "2d ago" (both Unix seconds).
 * For badges, where the full time belongs in the title.
 */
export function formatAgo(seconds: number, now: number): string {
  const s = Math.max(0, now - seconds);
  if (s === Number.POSITIVE_INFINITY) return 'always';
  if (s < 60) return 'just now';
  if (s < 3600) return `${Math.floor(s / 60)}m ago`;
  if (s < 86400) return `${Math.floor(s / 3600)}h ago`;
  return `${Math.floor(s / 86400)}d ago`;
}

const ZONE = new Intl.DateTimeFormat('en-US', { timeZoneName: 'short' });

/** Short name of the renderer's time zone (e.g. "UTC", "CET"), shown once by the lists' time headers. */
export function timeZoneName(at = Date.now()): string {
  const part = ZONE.formatToParts(new Date(at)).find((p) => p.type === 'timeZoneName');
  return part?.value ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** UTF-8 byte length of a string (what the handle costs the model's context, in bytes). */
export function utf8Length(text: string): number {
  return new TextEncoder().encode(text).length;
}

/** Name of a read unit for labels. */
export function unitLabel(unit: 'code_points' | 'bytes'): string {
  return unit === 'code_points' ? 'code points' : 'bytes';
}

/** Last path segment, for showing a file name with its full path in a tooltip. */
export function baseName(path: string): string {
  const parts = path.split(/[\\/]/);
  return parts[parts.length - 1] || path;
}
