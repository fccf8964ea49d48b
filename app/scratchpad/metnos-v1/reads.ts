import { createHash } from 'node:crypto';
import type { EntryDescription, ReadResult } from '../../contract';
import { detectType, MAGIC_PREFIX_BYTES } from '../magic';
import { resolveSlice, type SliceRequest } from '../slicing';
import { ScratchpadError, type EntryWithContent } from '../types';
import { scanChunks, type ByteSource } from './byte-source';
import { withRow, type V1Env } from './env';
import { findRow, findValueRow, kindOf, toEntryMeta, type V1ValueRow } from './rows';
import { readTextSlice, scanText, type TextIndex } from './text-index';
import { computeTextIndex, rowByteSource, type ValueFacts } from './value-source';

/** WHATWG UTF-8 decoding with U+FFFD for invalid bytes; a leading BOM is kept as U+FEFF (it is a code point). */
const decoder = new TextDecoder('utf-8', { ignoreBOM: true });

function textIndexOf(env: V1Env, row: V1ValueRow, facts: ValueFacts, source: ByteSource): TextIndex {
  facts.textIndex ??= computeTextIndex(env.ctx, row, source, env.tuning);
  return facts.textIndex;
}

function now(env: V1Env): number {
  return env.ctx.options.clock();
}

/**
 * A slice of one row, computed from windows read inside SQLite: text in code points (WHATWG UTF-8 decoding),
 * binary in bytes (base64). Bounds as v2 ({@link resolveSlice}), capped at maxReadLength.
 */
export function readEntry(env: V1Env, id: string, request: SliceRequest): ReadResult {
  return withRow(env, id, findValueRow, (row, facts) => {
    const source = rowByteSource(env.ctx, row);
    const cap = env.ctx.options.maxReadLength;
    if (kindOf(row) === 'binary') {
      const b = resolveSlice(request, source.byteLength, cap);
      const bytes = source.read(b.start, b.end - b.start);
      const content = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString('base64');
      const meta = { id, kind: 'binary' as const, unit: 'bytes' as const, totalLength: source.byteLength, start: b.start, end: b.end, returnedLength: b.end - b.start, truncated: b.truncated };
      return { content, encoding: 'base64', meta };
    }
    const index = textIndexOf(env, row, facts, source);
    const b = resolveSlice(request, index.codePoints, cap);
    const content = decoder.decode(readTextSlice(source, index, b.start, b.end, env.tuning));
    const meta = { id, kind: 'text' as const, unit: 'code_points' as const, totalLength: index.codePoints, start: b.start, end: b.end, returnedLength: b.end - b.start, truncated: b.truncated };
    return { content, encoding: 'utf8', meta };
  });
}

function countCodePoints(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0xdc00 || c > 0xdfff) n++; // decoded text has no lone surrogates: count pairs once
  }
  return n;
}

/** The whole row: TOO_LARGE when it exceeds maxReadLength (code points for text, bytes for binary). */
export function getEntry(env: V1Env, id: string): EntryWithContent {
  return withRow(env, id, findRow, (row, facts) => {
    const source = rowByteSource(env.ctx, row);
    const cap = env.ctx.options.maxReadLength;
    const tooLarge = (size: number, unit: string) =>
      new ScratchpadError('TOO_LARGE', `entry ${id} has ${size} ${unit}, more than the ${cap} a whole read may return; read it in slices`);
    if (kindOf(row) === 'binary') {
      if (source.byteLength > cap) throw tooLarge(source.byteLength, 'bytes');
      return { meta: toEntryMeta(row, now(env), env.ctx.options.expiringWindowSeconds), content: new Uint8Array(source.read(0, source.byteLength)) };
    }
    // Fewer bytes than the cap means fewer code points too; only a larger value needs counting first.
    if (source.byteLength > cap) {
      const index = textIndexOf(env, row, facts, source);
      if (index.codePoints > cap) throw tooLarge(index.codePoints, 'code points');
    }
    const text = decoder.decode(source.read(0, source.byteLength));
    return { meta: toEntryMeta(row, now(env), env.ctx.options.expiringWindowSeconds, countCodePoints(text)), content: text };
  });
}

/**
 * Metadata with the code-point length (text), the full sha256 computed now over windows of the content (cached
 * while the row is unchanged), the detected type of binary rows, and `handle: null` (v1 stores no handle).
 */
export function describeEntry(env: V1Env, id: string): EntryDescription {
  return withRow(env, id, findRow, (row, facts) => {
    const source = rowByteSource(env.ctx, row);
    const kind = kindOf(row);
    if (!facts.sha256 || (kind === 'text' && !facts.textIndex)) {
      const hash = createHash('sha256');
      if (kind === 'text' && !facts.textIndex) {
        facts.textIndex = scanText(source, env.tuning, (bytes) => hash.update(bytes));
      } else {
        for (const chunk of scanChunks(source, env.tuning.scanWindowBytes(source.byteLength))) hash.update(chunk);
      }
      facts.sha256 = hash.digest('hex');
    }
    const lengthCodePoints = kind === 'text' ? facts.textIndex!.codePoints : null;
    return {
      meta: toEntryMeta(row, now(env), env.ctx.options.expiringWindowSeconds, lengthCodePoints),
      sha256: facts.sha256,
      handle: null,
      detectedType: kind === 'binary' ? detectType(source.read(0, MAGIC_PREFIX_BYTES)) : null,
    };
  });
}
