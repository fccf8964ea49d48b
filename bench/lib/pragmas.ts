import path from 'node:path';
import { readFilePragmas, type PragmaSet } from './raw';
import { open, USER } from './store';

/**
 * Connection-level pragmas the store sets on every writable connection, copied from its code
 * (app/scratchpad/v2/connection.ts: openV2).
 * Keep in step with the store; file-level pragmas are read back from a real store file instead.
 */
export const STORE_CONNECTION_PRAGMAS: readonly string[] = ['busy_timeout = 5000', 'cache_size = -16384', 'synchronous = NORMAL'];

/** The store's pragmas: a store creates a file in `dir`, its file-level settings are read back, plus the above. */
export function storePragmas(dir: string): PragmaSet {
  const dbPath = path.join(dir, 'pragma-probe.sqlite');
  const sp = open(dbPath);
  sp.put(USER, { turnId: 'probe', stepNum: 0, executorName: 'bench', observation: { content: 'probe' } });
  sp.close();
  return { ...readFilePragmas(dbPath), connection: STORE_CONNECTION_PRAGMAS };
}
