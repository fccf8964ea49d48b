import type { DetectedType, EntryDescription, Principal } from '../../contract';
import { ScratchpadError } from '../types';
import { describeValue } from '../validate';
import type { StoreContext } from './context';
import { findVisible } from './lookup';
import { toEntryMeta } from './rows';
import { CHUNK_KEY_SPAN } from './schema';
import { unpackHandle } from './stored-handle';

const CHUNK_OF_ENTRY = 'SELECT data FROM chunks WHERE key = @key AND EXISTS (SELECT 1 FROM observations WHERE pk = @pk AND id = @id)';

/** Default piece size of iterateContent, in bytes (1 MiB). */
export const DEFAULT_EXPORT_CHUNK_BYTES = 1_048_576;

/** Metadata, full sha256, stored handle and (binary rows) the type detected at put from the magic bytes. */
export function describeEntry(ctx: StoreContext, principal: Principal, id: unknown): EntryDescription {
  return ctx.read(() => {
    const row = findVisible(ctx, principal, id);
    const extra = ctx.stmt('SELECT sha256, handle, detected_type FROM observations WHERE pk = ?').get(row.pk) as {
      sha256: string;
      handle: string | null;
      detected_type: DetectedType | null;
    };
    return {
      meta: toEntryMeta(row, ctx.now(), ctx.options.expiringWindowSeconds),
      sha256: extra.sha256,
      handle: unpackHandle(extra.handle, row),
      detectedType: row.kind === 'binary' ? (extra.detected_type ?? 'unknown') : null,
    };
  });
}

/**
 * The raw bytes of an entry in order, as pieces of at most `chunkBytes` bytes (a positive integer), reading
 * one stored chunk at a time (never the whole value). Ownership is checked before the first piece: NOT_FOUND
 * for missing or foreign ids, INVALID_ARGUMENT for a bad chunkBytes. If gc removes the entry mid-way, the
 * iteration throws NOT_FOUND.
 */
export function iterateContent(ctx: StoreContext, principal: Principal, id: unknown, chunkBytes: unknown = DEFAULT_EXPORT_CHUNK_BYTES): Iterable<Uint8Array> {
  if (typeof chunkBytes !== 'number' || !Number.isSafeInteger(chunkBytes) || chunkBytes < 1) {
    throw new ScratchpadError('INVALID_ARGUMENT', `chunkBytes must be an integer >= 1, got ${describeValue(chunkBytes)}`);
  }
  const row = ctx.read(() => findVisible(ctx, principal, id));
  const count = Math.ceil(row.length_units / row.chunk_units);
  const base = row.pk * CHUNK_KEY_SPAN;
  return {
    *[Symbol.iterator]() {
      for (let seq = 0; seq < count; seq++) {
        // The entry check matters: after gc a new entry may reuse the pk (and so the chunk keys).
        const chunk = ctx.read(() => ctx.stmt(CHUNK_OF_ENTRY).get({ key: base + seq, pk: row.pk, id: row.id })) as { data: Buffer } | undefined;
        if (chunk === undefined) throw new ScratchpadError('NOT_FOUND', `entry ${row.id} was removed during the export`);
        for (let at = 0; at < chunk.data.length; at += chunkBytes) yield chunk.data.subarray(at, at + chunkBytes);
      }
    },
  };
}
