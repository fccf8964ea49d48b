import { randomBytes } from 'node:crypto';

/**
 * Test observations of an exact UTF-8 size.
 * - `mixed`: log-like lines with ASCII, Latin-1, CJK, emoji, a ZWJ family and combining marks, so code point
 *   offsets differ from byte offsets and from UTF-16 offsets (what a slicer must get right).
 * - `latin1`: ASCII and Latin-1 only: 2-byte UTF-8 characters, but a one-byte V8 string, so a 500 MB
 *   observation fits in memory and under V8's string length limit.
 */
export type TextFlavour = 'mixed' | 'latin1';

const LINES: Record<TextFlavour, readonly string[]> = {
  mixed: [
    'INFO 2026-11-30T12:00:00Z fetch ok url=https://example.test/a?q=café status=200 bytes=1834\n',
    '{"path":"src/main.ts","line":42,"text":"const résumé = naïve(\u00e9t\u00e9);"}\n',
    '検索結果: ファイル 12 件、一致 3 件 — 東京 大阪 名古屋\n',
    'emoji 🙂🚀✨ family 👨\u200d👩\u200d👧 flags 🇮🇹 skin 👍🏽 done\n',
    'combining: e\u0301 a\u0308 o\u0302 n\u0303 — Zalgo-ish x\u0336\u0335\n',
  ],
  latin1: [
    'INFO 2026-11-30T12:00:00Z fetch ok url=https://example.test/a?q=café status=200 bytes=1834\n',
    'Größe: 12 Äpfel, ½ Brötchen, ¿qué pasó? Ça va, señor. © ® ± µ ß æ ø å\n',
    'plain ascii line with some words to make the text look like tool output 0123456789\n',
  ],
};

const UNIT_BYTES = 1024;
const units = new Map<TextFlavour, string>();

/** A string of exactly 1,024 UTF-8 bytes of the flavour (whole lines, padded with ASCII). */
function unit(flavour: TextFlavour): string {
  const cached = units.get(flavour);
  if (cached) return cached;
  const lines = LINES[flavour];
  let s = '';
  for (let i = 0; ; i++) {
    const next = lines[i % lines.length]!;
    if (Buffer.byteLength(s + next) > UNIT_BYTES - 1) break;
    s += next;
  }
  s += '.'.repeat(UNIT_BYTES - 1 - Buffer.byteLength(s)) + '\n';
  units.set(flavour, s);
  return s;
}

/** Text of exactly `bytes` UTF-8 bytes, starting with `label` (so rows differ), in the given flavour. */
export function textOfBytes(bytes: number, flavour: TextFlavour, label: string): string {
  const head = `#${label}\n`;
  const rest = bytes - Buffer.byteLength(head);
  if (rest < 0) throw new Error(`label longer than ${bytes} bytes`);
  const u = unit(flavour);
  const whole = Math.floor(rest / UNIT_BYTES);
  const text = head + u.repeat(whole) + 'x'.repeat(rest - whole * UNIT_BYTES);
  return text;
}

/** `bytes` random bytes (incompressible binary observation). */
export function binaryOfBytes(bytes: number): Buffer {
  return randomBytes(bytes);
}

/** Number of Unicode code points of a string. */
export function codePointLength(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) i++;
    }
    n++;
  }
  return n;
}

export const KiB = 1024;
export const MiB = 1024 * 1024;
