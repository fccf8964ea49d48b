import { Utf8Scanner } from '../core/utf8-scan';
import { textByteCuts, type EncodedContent } from '../core/encode';
import { SUMMARY_EDGE, SUMMARY_WHOLE_LIMIT, summaryMiddle } from '../summary';
import { ScratchpadError } from '../types';

/*
 * A plain text of one chunk is stored without the bytes its summary already holds (schema 11). Its summary is
 * the whole text (at most SUMMARY_WHOLE_LIMIT code points) or its first and last SUMMARY_EDGE code points around a
 * middle line, and sits in the same row: storing those bytes in `data` too made an 8 KiB row ~1.5 KiB longer, two
 * rows per table leaf instead of seven (a leaf split every other put) and more bytes for SQLite to copy. So `data`
 * holds what the summary does not: nothing for a whole-text summary, the bytes between the two edges otherwise.
 * A row whose `data` is as long as `size_bytes` holds all of it (binary, structured, rows written before schema
 * 11). The edge size is part of the format: a change of SUMMARY_EDGE needs a migration.
 */

const NOTHING = Buffer.alloc(0);

/**
 * The summary of a plain text of one chunk (`enc`, from encodeText) and the bytes its row stores in `data`. The
 * summary is decoded from the text's own UTF-8 bytes (the same string summarizeTextAt makes: lone surrogates are
 * U+FFFD in both), so the edges it holds are exactly the bytes `data` leaves out and {@link restoreInlineText}
 * gives them back byte for byte.
 */
export function splitInlineText(enc: EncodedContent, chunkCodePoints: number): { summary: string; data: Buffer } {
  if (enc.lengthUnits <= SUMMARY_WHOLE_LIMIT) return { summary: enc.bytes.toString('utf8'), data: NOTHING };
  const cuts = textByteCuts(enc, chunkCodePoints, SUMMARY_EDGE);
  const summary = enc.bytes.toString('utf8', 0, cuts.head) + summaryMiddle(enc.lengthUnits) + enc.bytes.toString('utf8', cuts.tail);
  return { summary, data: enc.bytes.subarray(cuts.head, cuts.tail) };
}

/**
 * The whole content of an inline row from its `data`, its `size_bytes`, its `length_units` and, when `data` is
 * shorter, the UTF-8 bytes of its summary (`shared`; see {@link splitInlineText}): the summary's first
 * SUMMARY_EDGE code points, `data`, and what follows the summary's middle line. CORRUPT when they do not add up.
 */
export function restoreInlineText(
  data: Buffer,
  row: { readonly size_bytes: number; readonly length_units: number },
  shared: Buffer | null,
  path: string,
  id: string,
): Buffer {
  const size = row.size_bytes;
  if (data.length === size) return data;
  const damaged = () => new ScratchpadError('CORRUPT', `${path}: content of entry ${id} does not match its size`);
  if (shared === null || data.length > size) throw damaged();
  if (data.length === 0 && row.length_units <= SUMMARY_WHOLE_LIMIT) {
    if (shared.length !== size) throw damaged();
    return shared;
  }
  const head = new Utf8Scanner(shared).skip(0, SUMMARY_EDGE);
  const middle = Buffer.from(summaryMiddle(row.length_units));
  const tail = shared.length - head - middle.length;
  if (tail < 0 || head + data.length + tail !== size || !shared.subarray(head, head + middle.length).equals(middle)) throw damaged();
  return Buffer.concat([shared.subarray(0, head), data, shared.subarray(head + middle.length)], size);
}

/** SQL (observations as `o` or unqualified): the summary's UTF-8 bytes when `data` leaves part of the text to it, else NULL. */
export const SHARED_SUMMARY_SQL = 'CASE WHEN length(data) < size_bytes THEN CAST(summary AS BLOB) END AS shared';
