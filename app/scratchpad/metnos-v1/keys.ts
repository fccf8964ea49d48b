/*
 * The keys the store shows for a v1 row's id and turn. Another writer (or a bug) can leave `id` or `turn_id`
 * NULL, a BLOB, empty or longer than a request may name (the declared TEXT type does not stop any of it, and a
 * TEXT PRIMARY KEY allows NULLs in SQLite). Such a row must still be listed and opened, so it gets a key a
 * request can carry: the id `rowid:N` (its rowid), the turn `(no turn id)`, `(empty turn id)` or `x'<hex>'`.
 * Ordinary values are their own key. Keys never collide: a stored id that itself reads `rowid:…` is shown by its
 * rowid too, and a stored turn id that reads like a marked form is shown as `text:` followed by it.
 */

/** Longest id a request may name (contract `Id`), in UTF-16 units. */
const MAX_ID = 128;

/** True (in SQL) when the row's `id` is its own key. */
const PLAIN_ID_SQL = `(typeof(id) = 'text' AND length(id) BETWEEN 1 AND ${MAX_ID} AND id NOT GLOB 'rowid:*')`;

/** SQL of the key of a row's id: the id itself, or `rowid:N` when it is NULL, a BLOB, empty or too long. */
export const ID_KEY_SQL = `(CASE WHEN ${PLAIN_ID_SQL} THEN id ELSE 'rowid:' || rowid END)`;

/** SQL of the key of a row's turn: the turn id itself, or a marked form for NULL, '' and a BLOB. */
export const TURN_KEY_SQL = `(CASE WHEN turn_id IS NULL THEN '(no turn id)' WHEN typeof(turn_id) = 'blob' THEN 'x''' || lower(hex(turn_id)) || ''''
  WHEN turn_id = '' THEN '(empty turn id)'
  WHEN turn_id IN ('(no turn id)', '(empty turn id)') OR turn_id GLOB 'x''*''' OR turn_id GLOB 'text:*' THEN 'text:' || turn_id
  ELSE CAST(turn_id AS TEXT) END)`;

const ROW_KEY = /^rowid:(-?\d{1,19})$/;

/** The rowid a `rowid:N` key names, or null for any other key. */
export function rowidOfKey(key: string): bigint | null {
  const m = ROW_KEY.exec(key);
  return m ? BigInt(m[1]!) : null;
}

/** True when `key` is a marked turn key (not a stored turn id), so it must be matched through {@link TURN_KEY_SQL}. */
export function isMarkedTurnKey(key: string): boolean {
  return key === '(no turn id)' || key === '(empty turn id)' || /^x'.*'$/s.test(key) || key.startsWith('text:');
}

/**
 * The WHERE clause and parameters finding the row of id key `key`: a rowid lookup for `rowid:N` (only a row whose
 * id is not its own key answers it), otherwise the primary key's index. A key of neither form finds nothing.
 */
export function idMatch(key: string): { sql: string; params: unknown[] } {
  const rowid = rowidOfKey(key);
  if (rowid !== null) return { sql: `rowid = ? AND NOT ${PLAIN_ID_SQL}`, params: [rowid] };
  return { sql: `id = ? AND ${PLAIN_ID_SQL}`, params: [key] };
}
