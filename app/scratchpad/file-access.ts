// What the file system says about a database file before SQLite opens it: whether it exists, why it cannot be
// read, whether this process may write it, and which of SQLite's side files sit beside it.
import { accessSync, constants, statSync, type Stats } from 'node:fs';
import { dirname } from 'node:path';
import { ScratchpadError } from './types';

/** The mode bits of `st` as four octal digits (`0444`). */
export function modeText(st: Stats): string {
  return `0${(st.mode & 0o777).toString(8).padStart(3, '0')}`;
}

/**
 * The typed error of a failed `stat`/`open` of `path` (an errno error), never NOT_FOUND without its cause:
 * EACCES/EPERM -> NOT_FOUND "permission denied" (with the mode and owner when the file can be stat'ed);
 * ELOOP -> NOT_FOUND "symlink loop"; ENOTDIR -> NOT_FOUND "a part of the path is not a folder";
 * ENOENT -> NOT_FOUND "no such file"; ENAMETOOLONG -> INVALID_ARGUMENT; anything else NOT_FOUND with its message.
 */
export function fileOpenError(path: string, err: unknown): ScratchpadError {
  if (err instanceof ScratchpadError) return err;
  const code = (err as NodeJS.ErrnoException).code;
  const cause = err instanceof Error ? err.message : String(err);
  switch (code) {
    case 'EACCES':
    case 'EPERM': {
      const st = statSync(path, { throwIfNoEntry: false });
      const facts = st ? ` (mode ${modeText(st)}, owner uid ${st.uid})` : '';
      return new ScratchpadError('NOT_FOUND', `${path}: permission denied: this user may not read the file or a folder on its path${facts}`);
    }
    case 'ELOOP':
      return new ScratchpadError('NOT_FOUND', `${path}: symlink loop: the path's symbolic links point at each other (too many levels of symbolic links)`);
    case 'ENOTDIR':
      return new ScratchpadError('NOT_FOUND', `${path}: a part of the path is not a folder`);
    case 'ENOENT':
      return new ScratchpadError('NOT_FOUND', `${path}: no such file`);
    case 'ENAMETOOLONG':
      return new ScratchpadError('INVALID_ARGUMENT', `${path}: file name too long`);
    default:
      return new ScratchpadError('NOT_FOUND', `${path}: cannot open (${cause})`);
  }
}

/**
 * The file's stats, or null when nothing exists at `path` (ENOENT). Any other failure is the typed error of
 * {@link fileOpenError} (permission denied, symlink loop, ...).
 */
export function statTarget(path: string): Stats | null {
  try {
    return statSync(path);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw fileOpenError(path, err);
  }
}

function mayWrite(path: string): boolean {
  try {
    accessSync(path, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * Why a writable open of the existing file `path` must be read-only instead, or null when it may write:
 * its mode grants nobody write permission (honoured even for root, who could override it: the mode says the
 * file is not to be changed), this user may not write it, or its folder is read-only (SQLite creates its
 * `-wal`, `-shm` or `-journal` there to write).
 */
export function readOnlyReason(path: string, st: Stats): string | null {
  if ((st.mode & 0o222) === 0) return `its mode ${modeText(st)} grants no write permission`;
  if (!mayWrite(path)) return `this user may not write it (mode ${modeText(st)}, owner uid ${st.uid})`;
  if (!mayWrite(dirname(path))) return `its folder ${dirname(path)} is read-only`;
  return null;
}

/** True when the folder of `path` may not be written by this process (SQLite cannot create side files there). */
export function folderReadOnly(path: string): boolean {
  return !mayWrite(dirname(path));
}

function statOrUndefined(path: string): Stats | undefined {
  try {
    return statSync(path, { throwIfNoEntry: false });
  } catch {
    return undefined;
  }
}

/** Which of SQLite's WAL side files exist beside `path`, and the WAL's size in bytes (0 when absent). */
export interface WalSideFiles {
  readonly wal: boolean;
  readonly shm: boolean;
  readonly walBytes: number;
}

/** The WAL side files beside `path` right now. */
export function walSideFiles(path: string): WalSideFiles {
  const wal = statOrUndefined(`${path}-wal`);
  const shm = statOrUndefined(`${path}-shm`);
  return { wal: wal !== undefined, shm: shm !== undefined, walBytes: wal?.size ?? 0 };
}
