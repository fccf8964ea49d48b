// Writing a file the user named without ever losing what was there: checks first, then a temporary file in
// the target's folder, fsync, and a rename (or a link, when replacing is not allowed) only once it is complete.
import { randomBytes } from 'node:crypto';
import { closeSync, fsyncSync, linkSync, openSync, realpathSync, renameSync, rmSync, statSync, type Stats } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { ScratchpadError } from '../contract';

/** SQLite's side files of a database (WAL index, WAL, rollback journal). */
export const SQLITE_SIDE_FILES = ['-wal', '-shm', '-journal'] as const;

/** Options of {@link checkTarget}. */
export interface CheckTargetOptions {
  /** Replace an existing regular file. */
  readonly force: boolean;
  /** Database files that must never be written to (each with its side files): the one the command has open. */
  readonly protect?: readonly string[];
  /** What to call --force in the EXISTS message (default `--force`). */
  readonly forceHint?: string;
}

/** A checked target: the path to replace (symlinks resolved) and the existing file's mode, if any. */
export interface CheckedTarget {
  readonly path: string;
  readonly existing: Stats | null;
}

/** `path` with its folder resolved through symlinks (the file itself need not exist). */
function canonical(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    try {
      return join(realpathSync(dirname(path)), basename(path));
    } catch {
      return path;
    }
  }
}

function kindOf(st: Stats): string {
  if (st.isDirectory()) return 'a directory';
  if (st.isFIFO()) return 'a fifo';
  if (st.isSocket()) return 'a socket';
  if (st.isCharacterDevice() || st.isBlockDevice()) return 'a device';
  return 'not a regular file';
}

/**
 * Decides whether `path` may be written. Refuses (REFUSED) a directory, anything that is not a regular file
 * (devices, fifos, sockets), a missing folder, any of `protect` and its -wal/-shm/-journal, and the side file of
 * an existing database (`x.db-wal` when `x.db` exists); refuses an existing regular file without `force`
 * (EXISTS). Changes nothing. Returns the path to replace: a symlink's target, so the link itself survives.
 */
export function checkTarget(path: string, options: CheckTargetOptions): CheckedTarget {
  const target = canonical(path);
  const st = statSync(target, { throwIfNoEntry: false });
  if (st && !st.isFile()) throw new ScratchpadError('IO', `${path} is ${kindOf(st)}; give a file name`);
  const folder = statSync(dirname(target), { throwIfNoEntry: false });
  if (!folder?.isDirectory()) throw new ScratchpadError('IO', `cannot write ${path}: folder ${dirname(path)} does not exist`);
  for (const db of options.protect ?? []) {
    const base = canonical(db);
    const dbStat = statSync(base, { throwIfNoEntry: false });
    for (const suffix of ['', ...SQLITE_SIDE_FILES]) {
      const same = target === base + suffix || (suffix === '' && st && dbStat && st.ino === dbStat.ino && st.dev === dbStat.dev);
      if (same) throw new ScratchpadError('IO', `refusing to write ${path}: it is ${suffix ? `the ${suffix.slice(1)} file of ` : ''}the open database ${db}`);
    }
  }
  const side = SQLITE_SIDE_FILES.find((s) => target.endsWith(s));
  if (side && statSync(target.slice(0, -side.length), { throwIfNoEntry: false })?.isFile()) {
    throw new ScratchpadError('IO', `refusing to write ${path}: it is the ${side.slice(1)} file of the database ${path.slice(0, -side.length)}`);
  }
  if (st && !options.force) throw new ScratchpadError('EXISTS', `${path} already exists (use ${options.forceHint ?? '--force'} to replace it)`);
  return { path: target, existing: st ?? null };
}

/** A fresh, unused name for a temporary file beside `target` (hidden, so a directory listing ignores it). */
export function tempPathBeside(target: string): string {
  return join(dirname(target), `.${basename(target)}.${randomBytes(6).toString('hex')}.tmp`);
}

/** fsync of a file or folder by path (a folder fsync makes a rename durable; some systems refuse it: ignored). */
export function fsyncPath(path: string): void {
  let fd: number | undefined;
  try {
    fd = openSync(path, 'r');
    fsyncSync(fd);
  } catch (e) {
    if (statSync(path, { throwIfNoEntry: false })?.isFile()) throw e;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/**
 * Puts the complete, fsynced file `temp` in place of `target`: renamed over it when `replace`, else linked
 * (EEXIST if a file appeared meanwhile, so nothing is overwritten) and the temporary name removed. The folder
 * is fsynced after. `temp` is removed on failure; `target` is then exactly as before.
 */
export function commitTemp(temp: string, target: string, replace: boolean): void {
  try {
    fsyncPath(temp);
    if (replace) renameSync(temp, target);
    else {
      try {
        linkSync(temp, target);
      } catch (e) {
        const code = (e as NodeJS.ErrnoException).code;
        if (code === 'EEXIST') throw new ScratchpadError('EXISTS', `${target} already exists (use --force to replace it)`);
        // No hard links on this file system: a rename, after one more check (a small race, never a truncation).
        if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EXDEV') throw e;
        if (statSync(target, { throwIfNoEntry: false })) throw new ScratchpadError('EXISTS', `${target} already exists (use --force to replace it)`);
        renameSync(temp, target);
      }
      rmSync(temp, { force: true });
    }
  } catch (e) {
    rmSync(temp, { force: true });
    throw e;
  }
  fsyncPath(dirname(target));
}
