import type { DetectedType } from '../contract';

/** How many leading bytes {@link detectType} needs. */
export const MAGIC_PREFIX_BYTES = 12;

/**
 * Detects a binary row's type from its first bytes (at least {@link MAGIC_PREFIX_BYTES} when available).
 * Signatures: PNG 89 50 4E 47 0D 0A 1A 0A; JPEG FF D8 FF; GIF "GIF87a"/"GIF89a"; WebP "RIFF"...."WEBP";
 * PDF "%PDF-"; ZIP "PK\x03\x04" (also empty "PK\x05\x06"); gzip 1F 8B. Anything else: `unknown`.
 */
export function detectType(prefix: Uint8Array): DetectedType {
  const b = prefix;
  const ascii = (from: number, to: number) => String.fromCharCode(...b.subarray(from, to));
  if (b.length >= 8 && b[0] === 0x89 && ascii(1, 4) === 'PNG' && b[4] === 0x0d && b[5] === 0x0a && b[6] === 0x1a && b[7] === 0x0a) return 'png';
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  if (b.length >= 6 && (ascii(0, 6) === 'GIF87a' || ascii(0, 6) === 'GIF89a')) return 'gif';
  if (b.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  if (b.length >= 5 && ascii(0, 5) === '%PDF-') return 'pdf';
  if (b.length >= 4 && b[0] === 0x50 && b[1] === 0x4b && ((b[2] === 3 && b[3] === 4) || (b[2] === 5 && b[3] === 6))) return 'zip';
  if (b.length >= 2 && b[0] === 0x1f && b[1] === 0x8b) return 'gzip';
  return 'unknown';
}
