import { ValueChangedError, type ByteSource, type ScanTuning } from './byte-source';
import type { V1Context } from './context';
import type { V1ChunkSpan } from './line-index';
import type { V1ValueRow } from './rows';
import { byteAlignedIndex, scanText, type TextIndex } from './text-index';

/**
 * Reads windows of one row's content inside SQLite: `substr(CAST(content AS BLOB), start, length)` counts bytes
 * and does not stop at NUL whether the value is stored as TEXT or BLOB, so only the window reaches JavaScript.
 * Every read also checks the value's length, so a row deleted or replaced meanwhile is noticed.
 */
export function rowByteSource(ctx: V1Context, row: V1ValueRow): ByteSource {
  const byteLength = row.sizeBytes ?? 0;
  const sql = `SELECT substr(CAST(content AS BLOB), ?, ?) AS w, ${ctx.bytesSql} AS n FROM entries WHERE id = ?`;
  return {
    byteLength,
    read(offset, length) {
      const len = Math.min(length, byteLength - offset);
      if (len <= 0) return new Uint8Array(0);
      const got = ctx.stmt(sql).get(offset + 1, len, row.id) as { w: Uint8Array | null; n: number | null } | undefined;
      if (!got || (got.n ?? 0) !== byteLength || !got.w || got.w.length !== len) throw new ValueChangedError(`entry ${row.id} changed`);
      return got.w;
    },
  };
}

/** Values up to this size are simply scanned in JavaScript (one window) instead of asking SQLite first. */
const SMALL_VALUE_BYTES = 65_536;

/**
 * The {@link TextIndex} of a text row. Large values first ask SQLite for its own character count, in the same
 * query as the value's first 64 KiB (SQLite loads the value once for both): when the count equals the byte length
 * there is no NUL and no lead byte followed by a continuation byte, so every byte decodes to exactly one code
 * point (ASCII-like text) and nothing more is read. Otherwise the scan goes on after those bytes.
 */
export function computeTextIndex(ctx: V1Context, row: V1ValueRow, source: ByteSource, tuning: ScanTuning): TextIndex {
  if (source.byteLength <= SMALL_VALUE_BYTES) return scanText(source, tuning);
  const first = Math.min(source.byteLength, SMALL_VALUE_BYTES);
  const got = ctx
    .stmt(`SELECT length(CAST(content AS TEXT)) AS chars, substr(CAST(content AS BLOB), 1, ?) AS w, ${ctx.bytesSql} AS n FROM entries WHERE id = ?`)
    .get(first, row.id) as { chars: number | null; w: Uint8Array | null; n: number | null } | undefined;
  if (!got || (got.n ?? 0) !== source.byteLength || !got.w || got.w.length !== first) throw new ValueChangedError(`entry ${row.id} changed`);
  if (got.chars === source.byteLength) return byteAlignedIndex(source.byteLength);
  return scanText(source, tuning, undefined, got.w);
}

/** What the store remembers about a row's content, valid while its id, rowid, length and storage type match. */
export interface ValueFacts {
  readonly key: string;
  textIndex?: TextIndex;
  sha256?: string;
  /** The line index (line-index.ts), built on first need. */
  lineIndex?: V1ChunkSpan[];
}

/** A small LRU of {@link ValueFacts} (v1 rows are written once and never updated by the original runtime). */
export class ValueFactsCache {
  private readonly map = new Map<string, ValueFacts>();
  constructor(private readonly capacity = 256) {}

  /** The facts of `row`, fresh if its identity changed. */
  of(row: V1ValueRow): ValueFacts {
    const key = `${row.rowid}|${row.sizeBytes}|${row.storage}`;
    const found = this.map.get(row.id);
    this.map.delete(row.id);
    const facts = found && found.key === key ? found : { key };
    this.map.set(row.id, facts);
    if (this.map.size > this.capacity) this.map.delete(this.map.keys().next().value!);
    return facts;
  }

  /** The cached facts of `row` when its identity is unchanged, without creating or reordering any. */
  peek(row: V1ValueRow): ValueFacts | undefined {
    const found = this.map.get(row.id);
    return found && found.key === `${row.rowid}|${row.sizeBytes}|${row.storage}` ? found : undefined;
  }

  /** Forgets everything (after gc). */
  clear(): void {
    this.map.clear();
  }

  /** Forgets a row (after it changed under a read). */
  drop(id: string): void {
    this.map.delete(id);
  }
}
