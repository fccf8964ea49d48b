import type Database from 'better-sqlite3';
import { chunkNewlines } from '../search/lines';
import { legacyIdKey } from '../ids';
import { ID_KEY_MARKER, newIdKeyHex } from './id-cipher';
import { ADD_TO_TURN_TRIGGER_SQL, rebuildTurnTotals, TURNS_TABLE_SQL } from './turn-totals';

/*
 * The v2 layout. Metadata (observations) apart from content (chunks), so listing, stats and gc read only
 * small rows and covering indexes. No table is named `entries`: that name identifies the metnos-v1 format.
 *
 * chunks: the content in order. A text row is cut every `chunk_units` code points (never inside one), a
 * binary row every `chunk_units` bytes, so the chunk holding unit u is number floor(u / chunk_units): a slice
 * finds its chunks by arithmetic and reads only those. A chunk's key is
 * `entry_pk * CHUNK_KEY_SPAN + seq` (the rowid), so one entry's chunks are one rowid range. A non-ASCII text
 * chunk carries `cp_index`: the byte offsets (uint32 LE) of its code points CP_INDEX_STEP, 2 x CP_INDEX_STEP...,
 * so a slice starting mid-chunk scans at most CP_INDEX_STEP (core/chunk-layout.ts) code points to find its first byte.
 *
 * The summary shown in listings is stored with chunk 0 (column `summary`, NULL on later chunks), not in the
 * metadata: it is most of a row's metadata bytes (up to ~1,000 code points), and narrow observations rows keep gc
 * and puts from rewriting wide pages (migration 3).
 *
 * Since schema 10 content of at most one chunk is not in `chunks` at all: it sits at the end of its observations
 * row (`summary`, `cp_index`, `data`, after every metadata column, so the table leaf holds the metadata and the
 * content goes to the row's overflow pages); the summary is stored before it, so metadata queries never load it.
 * Since schema 11 a plain text's `data` holds only the bytes its summary does not (inline-text.ts).
 *
 * One covering index (turn, owner, step, created, size, expiry, kind, executor) serves listForTurn, listTurns,
 * stats and gc without touching the table. Since schema 4 an id starts with its row number (ids.ts), so a lookup
 * by id is one rowid fetch and a put writes no id index (a random-position index insert was a sixth of a small
 * put's pages). Ids of schema 1-3 (32 hex) are found through `id_key` (their first 13 hex digits as an integer)
 * in the partial index `observations_legacy_id`; rows written since hold `id_key` = -1, outside that index.
 *
 * The line index (schema 5): `chunk_lines` holds the `\n` count of every text chunk under the chunk's key, in
 * a table of its own so reading a 100 MB entry's index reads a few small rows, never the chunks' content (a
 * column added to `chunks` would sit after `data`, behind its overflow pages). Binary chunks have no row. Since
 * schema 8 only texts of two or more chunks have rows there: a text of one chunk keeps its count in its
 * observations row (`newlines`, the whole text's count), so such a put writes no chunk_lines page.
 */

/** `id_key` of a row written since schema 4: outside the partial legacy index (whose keys are >= 0). */
export const NO_LEGACY_KEY = -1;
/** The partial legacy index's condition; a query must repeat it word for word for SQLite to use the index. */
export const LEGACY_ID_WHERE = 'id_key >= 0';

/** The marker table: its presence makes a file "v2". */
export const MARKER_TABLE = 'scratchpad_inspector_meta';
/** Value of the marker row `format`. */
export const MARKER_FORMAT = 'scratchpad-inspector-v2';
/** Chunks per entry addressable by one key range (2^20). */
export const CHUNK_KEY_SPAN = 1_048_576;
/**
 * Page size of new files, in bytes. 4 KiB (SQLite's default): a small put touches about six pages (row leaf and
 * overflow, turn index, turn aggregates, header); with 64 KiB pages each of those would be a 64 KiB WAL frame, which made small puts
 * four times slower, while large puts and slices gained little (measured; see the bench).
 */
export const PAGE_SIZE = 4_096;

/** One numbered migration: `up` runs inside the migration transaction; afterwards user_version = version. */
export interface Migration {
  readonly version: number;
  readonly name: string;
  readonly up: (db: Database.Database) => void;
}

/** Every migration in order. Never edit a released one: add the next number. */
export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'observations and chunks',
    up(db) {
      db.exec(`
        CREATE TABLE ${MARKER_TABLE} (key TEXT PRIMARY KEY, value TEXT NOT NULL);
        INSERT INTO ${MARKER_TABLE} (key, value) VALUES ('format', '${MARKER_FORMAT}');
        CREATE TABLE observations (
          pk INTEGER PRIMARY KEY,
          id TEXT NOT NULL,
          id_key INTEGER NOT NULL,
          owner TEXT NOT NULL,
          turn_id TEXT NOT NULL,
          step_num INTEGER,
          executor_name TEXT,
          kind TEXT NOT NULL CHECK (kind IN ('text', 'binary')),
          structured INTEGER NOT NULL,
          size_bytes INTEGER NOT NULL,
          length_units INTEGER NOT NULL,
          chunk_units INTEGER NOT NULL,
          created_at REAL NOT NULL,
          expires_at REAL NOT NULL,
          actor TEXT,
          channel TEXT,
          detected_type TEXT,
          sha256 TEXT NOT NULL,
          summary TEXT NOT NULL,
          handle TEXT
        );
        CREATE INDEX observations_id ON observations (id_key);
        CREATE INDEX observations_turn ON observations
          (turn_id, owner, step_num, created_at, size_bytes, expires_at, kind, executor_name);
        CREATE TABLE chunks (
          key INTEGER PRIMARY KEY,
          byte_start INTEGER NOT NULL,
          unit_start INTEGER NOT NULL,
          cp_index BLOB,
          data BLOB NOT NULL
        );
      `);
    },
  },
  {
    version: 2,
    name: 'read log',
    up(db) {
      db.exec(`
        CREATE TABLE read_log (
          seq INTEGER PRIMARY KEY,
          entry_pk INTEGER NOT NULL,
          principal TEXT NOT NULL,
          mode TEXT NOT NULL,
          unit TEXT NOT NULL,
          start INTEGER NOT NULL,
          end INTEGER NOT NULL,
          truncated INTEGER NOT NULL,
          at REAL NOT NULL
        );
        CREATE INDEX read_log_entry ON read_log (entry_pk, seq);
      `);
    },
  },
  {
    version: 3,
    name: 'summary with the first chunk',
    up(db) {
      // The summary (up to ~1,000 code points of text) made each observations row ~1.3 KiB, two rows per page:
      // a gc of rows spread among live ones rewrote nearly every page of the table. It now lives in the row of
      // chunk 0, first after the key (read without walking the chunk's content); an empty observation gets an
      // empty chunk 0 to hold it. The chunks table is rebuilt so the column sits before the content.
      db.exec(`
        CREATE TABLE chunks_v3 (
          key INTEGER PRIMARY KEY,
          summary TEXT,
          byte_start INTEGER NOT NULL,
          unit_start INTEGER NOT NULL,
          cp_index BLOB,
          data BLOB NOT NULL
        );
        INSERT INTO chunks_v3 (key, summary, byte_start, unit_start, cp_index, data)
          SELECT c.key, CASE WHEN c.key % ${CHUNK_KEY_SPAN} = 0 THEN (SELECT o.summary FROM observations AS o WHERE o.pk = c.key / ${CHUNK_KEY_SPAN}) END,
            c.byte_start, c.unit_start, c.cp_index, c.data
          FROM chunks AS c ORDER BY c.key;
        INSERT INTO chunks_v3 (key, summary, byte_start, unit_start, cp_index, data)
          SELECT o.pk * ${CHUNK_KEY_SPAN}, o.summary, 0, 0, NULL, x''
          FROM observations AS o WHERE NOT EXISTS (SELECT 1 FROM chunks AS c WHERE c.key = o.pk * ${CHUNK_KEY_SPAN});
        DROP TABLE chunks;
        ALTER TABLE chunks_v3 RENAME TO chunks;
        ALTER TABLE observations DROP COLUMN summary;
      `);
    },
  },
  {
    version: 4,
    name: 'ids carry their row number',
    up(db) {
      // New ids name their row (ids.ts), so puts stop writing an id index. The existing (32-hex) ids keep
      // theirs, now partial: rows written from here on hold id_key = -1 and are not in it. Nothing is rewritten.
      db.exec(`
        DROP INDEX observations_id;
        CREATE INDEX observations_legacy_id ON observations (id_key) WHERE ${LEGACY_ID_WHERE};
      `);
    },
  },
  {
    version: 5,
    name: 'newline count per text chunk',
    up(db) {
      // Fills the counts of existing text chunks in one statement; the count is a JavaScript function because
      // SQLite has none that counts a byte in a blob without decoding it as text.
      db.function('sp_chunk_newlines', { deterministic: true }, (data: unknown) => (data instanceof Uint8Array ? chunkNewlines(data) : 0));
      db.exec(`
        CREATE TABLE chunk_lines (key INTEGER PRIMARY KEY, newlines INTEGER NOT NULL);
        INSERT INTO chunk_lines (key, newlines)
          SELECT c.key, sp_chunk_newlines(c.data) FROM observations AS o
          JOIN chunks AS c ON c.key >= o.pk * ${CHUNK_KEY_SPAN} AND c.key < (o.pk + 1) * ${CHUNK_KEY_SPAN}
          WHERE o.kind = 'text' ORDER BY c.key;
      `);
    },
  },
  {
    version: 6,
    name: 'ids hide row numbers',
    up(db) {
      // The key of the id cipher (id-cipher.ts): ids written from here on end with the encrypted row number.
      // Ids written before keep the plain one and still resolve (since migration 9 through the legacy index).
      db.prepare(`INSERT OR IGNORE INTO ${MARKER_TABLE} (key, value) VALUES (?, ?)`).run(ID_KEY_MARKER, newIdKeyHex());
    },
  },
  {
    version: 7,
    name: 'per-turn aggregates',
    up(db) {
      // listTurns, stats and gc grouped every observation (~40 ms for 60,000 rows); a row per (owner, turn),
      // kept in the same transaction as each put, gc and TTL change, answers them from ~10,000 rows
      // (turn-totals.ts). Filled from the existing rows.
      db.exec(TURNS_TABLE_SQL);
      rebuildTurnTotals(db);
    },
  },
  {
    version: 8,
    name: 'line count with the row',
    up(db) {
      // A text observation that fits one chunk (most of them) wrote a chunk_lines row of its own: one more WAL
      // page per put. Its `\n` count now sits in its observations row (column `newlines`: the whole text's count,
      // NULL for binary); chunk_lines keeps per-chunk counts only for texts of two or more chunks.
      db.exec(`
        ALTER TABLE observations ADD COLUMN newlines INTEGER;
        UPDATE observations SET newlines = (SELECT coalesce(sum(l.newlines), 0) FROM chunk_lines AS l
          WHERE l.key >= observations.pk * ${CHUNK_KEY_SPAN} AND l.key < (observations.pk + 1) * ${CHUNK_KEY_SPAN})
          WHERE kind = 'text';
        DELETE FROM chunk_lines WHERE key IN (SELECT l.key FROM observations AS o
          JOIN chunk_lines AS l ON l.key >= o.pk * ${CHUNK_KEY_SPAN} AND l.key < (o.pk + 1) * ${CHUNK_KEY_SPAN}
          WHERE o.length_units <= o.chunk_units);
      `);
    },
  },
  {
    version: 9,
    name: 'id suffix keyed by the random part',
    up(db) {
      // Ids written from here on end with the row number XOR a pad derived from their own random part
      // (id-cipher.ts). The 44-hex ids written before (plain row number, schema 4-5, or the Feistel permutation,
      // schema 6-8) are found through the legacy index instead: their first 13 hex digits become their id_key.
      db.function('sp_legacy_id_key', { deterministic: true }, (id: unknown) => (typeof id === 'string' ? legacyIdKey(id) : null));
      db.exec(`UPDATE observations SET id_key = sp_legacy_id_key(id) WHERE id_key < 0`);
    },
  },
  {
    version: 10,
    name: 'one-chunk content in its row, turn totals by trigger',
    up(db) {
      // An observation that fits one chunk (most of them) wrote a chunks row of its own beside its observations
      // row: one more B-tree leaf per put, and one more statement. Its summary, cp_index and content now sit at
      // the end of its observations row (`data` NULL: the content is in chunks, as every row written before).
      // Existing rows are not rewritten: readers handle both layouts, so the upgrade is instant on any file.
      // The put's share of its turn's aggregates is added by a trigger (turn-totals.ts), so such a put is one
      // statement.
      db.exec(`
        ALTER TABLE observations ADD COLUMN summary TEXT;
        ALTER TABLE observations ADD COLUMN cp_index BLOB;
        ALTER TABLE observations ADD COLUMN data BLOB;
        ${ADD_TO_TURN_TRIGGER_SQL};
      `);
    },
  },
  {
    version: 11,
    name: 'plain text content not repeated by its summary',
    up() {
      // A plain text of one chunk stored its summary (the whole text, or its first and last 500 code points) and,
      // after it, all its bytes again: an 8 KiB row was ~1.5 KiB longer than its content needs, two rows per
      // table leaf. Rows written from here on keep in `data` only what the summary does not hold (inline-text.ts);
      // readers tell the two apart by `length(data) < size_bytes`. Existing rows are not rewritten; the version
      // keeps older code, which would read the shortened `data` as the whole text, from opening the file.
    },
  },
];

/** The schema version this code writes. */
export const LATEST_VERSION = MIGRATIONS[MIGRATIONS.length - 1]?.version ?? 0;

/** Runs the migrations above `user_version` up to `target` (default latest), each in its own IMMEDIATE transaction. */
export function migrate(db: Database.Database, target = LATEST_VERSION): void {
  for (const m of MIGRATIONS) {
    if (m.version > target) break;
    db.transaction(() => {
      const current = db.pragma('user_version', { simple: true }) as number;
      if (current >= m.version) return;
      m.up(db);
      db.pragma(`user_version = ${m.version}`);
    }).immediate();
  }
}
