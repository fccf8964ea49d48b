import fs from 'node:fs';
import path from 'node:path';
import { progress } from './log';
import { readFilePragmas, type PragmaSet } from './raw';
import { open, USER } from './store';

/**
 * Connection-level pragmas the store sets on every writable connection, copied from its code
 * (app/scratchpad/v2/connection.ts: openV2). {@link storePragmas} warns when that file sets one not listed here.
 */
export const STORE_CONNECTION_PRAGMAS: readonly string[] = [
  'busy_timeout = 5000',
  'cache_size = -16384',
  'synchronous = NORMAL',
  'journal_size_limit = 67108864',
];

const CONNECTION_SOURCE = path.join(import.meta.dirname, '..', '..', 'app', 'scratchpad', 'v2', 'connection.ts');
/** Set when the file is created (read back from the file instead) or not a setting. */
const FILE_LEVEL = new Set(['page_size', 'journal_mode', 'auto_vacuum', 'user_version']);
/**
 * Set only on the read-only connection a search scans content through (openScanConnection), never on the
 * connection that writes, so the raw insert floor has nothing to mirror.
 */
const SCAN_CONNECTION_ONLY = new Set(['mmap_size']);

/** Names of pragmas the store's connection code assigns, so a drift from the list above is noticed. */
function pragmasInStoreCode(): string[] {
  let source: string;
  try {
    source = fs.readFileSync(CONNECTION_SOURCE, 'utf8');
  } catch {
    return [];
  }
  return [...source.matchAll(/pragma\(\s*[`'"]\s*(\w+)\s*=/g)].map((m) => m[1]!).filter((n) => !FILE_LEVEL.has(n) && !SCAN_CONNECTION_ONLY.has(n));
}

/** The store's pragmas: a store creates a file in `dir`, its file-level settings are read back, plus the above. */
export async function storePragmas(dir: string): Promise<PragmaSet> {
  const dbPath = path.join(dir, 'pragma-probe.sqlite');
  const sp = await open(dbPath);
  await sp.put(USER, { turnId: 'probe', stepNum: 0, executorName: 'bench', observation: { content: 'probe' } });
  await sp.close();
  const listed = new Set(STORE_CONNECTION_PRAGMAS.map((p) => p.split('=')[0]!.trim()));
  const missing = pragmasInStoreCode().filter((n) => !listed.has(n));
  if (missing.length > 0) progress(`WARNING: the store sets pragmas the raw floor does not mirror: ${missing.join(', ')} (bench/lib/pragmas.ts)`);
  return { ...readFilePragmas(dbPath), connection: STORE_CONNECTION_PRAGMAS };
}
