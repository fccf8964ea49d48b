import { closeSync, openSync, readSync, statSync } from 'node:fs';
import Database from 'better-sqlite3';
import { ScratchpadError } from './types';
import { mapSqliteError, nativeBindingError } from './sqlite-errors';

/** What a probe found in an existing file: its table names and `PRAGMA user_version`. */
export interface ProbeResult {
  readonly tables: string[];
  readonly userVersion: number;
}

const HEADER = 'SQLite format 3\0';

function corrupt(path: string, cause: string): ScratchpadError {
  return new ScratchpadError('CORRUPT', `${path}: ${cause}`);
}

/** Checks the 100-byte SQLite header and the file length it announces; CORRUPT with the cause otherwise. */
function checkHeader(path: string, size: number): void {
  const header = Buffer.alloc(100);
  const fd = openSync(path, 'r');
  let got: number;
  try {
    got = readSync(fd, header, 0, 100, 0);
  } finally {
    closeSync(fd);
  }
  if (got < 100 || header.toString('latin1', 0, 16) !== HEADER) throw corrupt(path, 'not a SQLite database (no "SQLite format 3" header)');
  const raw = header.readUInt16BE(16);
  const pageSize = raw === 1 ? 65_536 : raw;
  // The in-header page count is valid only when "version-valid-for" equals the change counter.
  const pages = header.readUInt32BE(24) === header.readUInt32BE(92) ? header.readUInt32BE(28) : 0;
  if (pages > 0 && size < pages * pageSize) {
    throw corrupt(path, `truncated: the header announces ${pages} pages of ${pageSize} bytes (${pages * pageSize} bytes) but the file has ${size} bytes`);
  }
}

/**
 * Looks at an existing file WITHOUT changing it (read-only connection, no writes, no pragmas that write).
 * Returns null when the file does not exist. CORRUPT for a directory, an empty (0-byte) file, a file that is
 * not SQLite, or a truncated one; the message names the file and the cause.
 */
export function probeFile(path: string, nativeBinding: string | undefined): ProbeResult | null {
  let size: number;
  try {
    const st = statSync(path);
    if (!st.isFile()) throw corrupt(path, 'not a regular file');
    size = st.size;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    if (err instanceof ScratchpadError) throw err;
    throw new ScratchpadError('NOT_FOUND', `${path}: cannot open (${(err as Error).message})`);
  }
  if (size === 0) throw corrupt(path, 'empty file (0 bytes), not a SQLite database');
  try {
    checkHeader(path, size);
  } catch (err) {
    if (err instanceof ScratchpadError) throw err;
    throw new ScratchpadError('NOT_FOUND', `${path}: cannot read (${(err as Error).message})`);
  }
  let db: Database.Database | undefined;
  try {
    db = new Database(path, { readonly: true, fileMustExist: true, nativeBinding });
    const rows = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as { name: string }[];
    const userVersion = db.pragma('user_version', { simple: true }) as number;
    return { tables: rows.map((r) => r.name), userVersion };
  } catch (err) {
    throw (db === undefined ? nativeBindingError(err, nativeBinding) : null) ?? mapSqliteError(err, path, 'read');
  } finally {
    db?.close();
  }
}
