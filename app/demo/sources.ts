import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fallbackPng } from './png';
import { generateProse } from './generate';

/** A piece of demo content and where it came from: a real file's path, or `generated`. */
export interface Sourced<T> {
  readonly value: T;
  readonly source: string;
}

/** Where the checkout's node_modules is (this file lives in app/demo/). */
const NODE_MODULES = join(import.meta.dirname, '..', '..', 'node_modules');

/** PNG files tried in order; the first whose magic bytes are a PNG's wins. */
export const PNG_CANDIDATES: readonly string[] = [
  join(NODE_MODULES, 'app-builder-lib/templates/icons/electron-linux/128x128.png'),
  '/usr/share/gitweb/static/git-logo.png',
  join(NODE_MODULES, 'playwright-core/lib/server/chromium/appIcon.png'),
  '/usr/share/doc/python3/_static/file.png',
];

function tryRead(path: string, maxBytes: number): Buffer | null {
  try {
    const st = statSync(path);
    if (!st.isFile() || st.size === 0 || st.size > maxBytes) return null;
    return readFileSync(path);
  } catch {
    return null;
  }
}

/** The first readable text file among `candidates` (at most `maxBytes`), else generated prose. */
export function textFile(candidates: readonly string[], maxBytes = 512 * 1024, fallbackChars = 20_000): Sourced<string> {
  for (const path of candidates) {
    const bytes = tryRead(path, maxBytes);
    if (bytes) return { value: bytes.toString('utf8'), source: path };
  }
  return { value: generateProse(fallbackChars), source: 'generated' };
}

/** A README of an installed package of this checkout (e.g. `commander`), else generated prose. */
export function packageReadme(pkg: string): Sourced<string> {
  const dir = join(NODE_MODULES, pkg);
  const names = existsSync(dir) ? readdirSync(dir).filter((n) => /^readme(\.md)?$/i.test(n)) : [];
  return textFile(names.map((n) => join(dir, n)));
}

/** A real PNG from the machine ({@link PNG_CANDIDATES}), else one encoded in code. */
export function pngImage(): Sourced<Buffer> {
  for (const path of PNG_CANDIDATES) {
    const bytes = tryRead(path, 2 * 1024 * 1024);
    if (bytes && bytes.length > 8 && bytes.readUInt32BE(0) === 0x89504e47) return { value: bytes, source: path };
  }
  return { value: fallbackPng(), source: 'generated' };
}

/** One item of a directory listing observation. */
export interface ListingItem {
  readonly name: string;
  readonly type: 'file' | 'directory' | 'symlink' | 'other';
  readonly size: number;
  readonly modified: string;
}

/**
 * A directory listing as a `list_directory` tool returns it: `{ ok, path, count, <field>: ListingItem[] }`,
 * sorted by name, at most `limit` items. A missing directory gives a small fixed listing instead.
 */
export function directoryListing(dir: string, field: 'files' | 'entries', limit = 2_000): Sourced<Record<string, unknown>> {
  let items: ListingItem[];
  let source = dir;
  try {
    items = readdirSync(dir, { withFileTypes: true })
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
      .slice(0, limit)
      .map((d) => {
        let size = 0;
        let modified = '1970-01-01T00:00:00.000Z';
        try {
          const st = statSync(join(dir, d.name), { throwIfNoEntry: false });
          if (st) ({ size, modified } = { size: st.size, modified: st.mtime.toISOString() });
        } catch {
          // unreadable entry: keep zero size
        }
        const type = d.isSymbolicLink() ? 'symlink' : d.isDirectory() ? 'directory' : d.isFile() ? 'file' : 'other';
        return { name: d.name, type, size, modified };
      });
  } catch {
    source = 'generated';
    items = ['README.md', 'LICENSE', 'package.json', 'src', 'test'].map((name, i) => ({
      name,
      type: i < 3 ? 'file' : 'directory',
      size: i < 3 ? 1_000 * (i + 1) : 4_096,
      modified: '2026-01-01T00:00:00.000Z',
    }));
  }
  return { value: { ok: true, path: dir, recursive: false, count: items.length, [field]: items }, source };
}
