import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { isPostgresUrl, redactUrl } from '../../app/scratchpad/postgres/url';
import type { RecentFiles } from '../ipc/session';

/** How many recent files main keeps. */
export const MAX_RECENT_FILES = 10;

/**
 * Main's own recent-files list, most recent first, persisted as JSON at `storePath` (in userData). The only source
 * of paths `file:open` accepts besides the native dialog. A missing or unreadable file starts an empty list.
 * A PostgreSQL URL is kept as it is, never resolved as a path, and always without its password (redactUrl):
 * reopening it takes the password from PGPASSWORD or ~/.pgpass.
 */
export function createRecentFiles(storePath: string | null, onChange: () => void = () => {}): RecentFiles {
  let items: string[] = [];
  if (storePath !== null) {
    try {
      const parsed: unknown = JSON.parse(readFileSync(storePath, 'utf8'));
      if (Array.isArray(parsed)) items = parsed.filter((p): p is string => typeof p === 'string').slice(0, MAX_RECENT_FILES);
    } catch {
      items = [];
    }
  }
  const save = () => {
    if (storePath === null) return;
    try {
      mkdirSync(dirname(storePath), { recursive: true });
      writeFileSync(`${storePath}.tmp`, JSON.stringify(items));
      renameSync(`${storePath}.tmp`, storePath);
    } catch {
      // The list is a convenience: failing to persist it must not fail the open that triggered it.
    }
  };
  return {
    list: () => items,
    add(path) {
      const absolute = isPostgresUrl(path) ? redactUrl(path) : resolve(path);
      items = [absolute, ...items.filter((p) => p !== absolute)].slice(0, MAX_RECENT_FILES);
      save();
      onChange();
    },
  };
}
