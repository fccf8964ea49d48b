import Database from 'better-sqlite3';
import path from 'node:path';
import { KiB, MiB, textOfBytes } from '../lib/content';
import { OPERATOR, open } from '../lib/store';
import { perCallMs } from '../lib/timing';

const N = 2_000;

/** Creates a Metnos v1 file (shared/formats/metnos-v1.md) holding a 10 KiB and a `largeBytes` text row. */
function writeV1File(dbPath: string, largeBytes: number): { small: string; large: string } {
  const db = new Database(dbPath);
  db.exec(`CREATE TABLE entries (id TEXT PRIMARY KEY, turn_id TEXT NOT NULL, step_num INTEGER, executor_name TEXT,
    content_kind TEXT NOT NULL, content BLOB NOT NULL, size_bytes INTEGER NOT NULL, summary TEXT,
    created_at REAL NOT NULL, expires_at REAL NOT NULL);
    CREATE INDEX idx_entries_turn ON entries(turn_id); CREATE INDEX idx_entries_exp ON entries(expires_at);`);
  const ins = db.prepare('INSERT INTO entries VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)');
  const now = Date.now() / 1000;
  const ids = { small: '00000000000000a1', large: '00000000000000a2' };
  for (const [id, bytes] of [
    [ids.small, 10 * KiB],
    [ids.large, largeBytes],
  ] as const) {
    const content = Buffer.from(textOfBytes(bytes, 'mixed', id), 'utf8');
    ins.run(id, '0123456789abcdef', 0, 'bench', 'text', content, content.length, 'summary', now, now + 86_400);
  }
  db.close();
  return ids;
}

/** The original runtime's read: load the whole value, decode it, then slice the first n code points. */
function wholeValueHead(db: Database.Database, id: string, n: number): string {
  const row = db.prepare('SELECT content FROM entries WHERE id = ?').get(id) as { content: Buffer };
  const text = row.content.toString('utf8');
  let out = '';
  let count = 0;
  for (const cp of text) {
    if (count++ >= n) break;
    out += cp;
  }
  return out;
}

/**
 * Optional comparison with the original runtime's behaviour: head reads on a Metnos v1 file through the store's
 * v1 backend, against whole-value decode on the same file. Null when the backend is not there yet.
 */
export async function runMetnosV1(dir: string, scale: number): Promise<Record<string, number> | null> {
  const dbPath = path.join(dir, 'metnos-v1.sqlite');
  const largeBytes = Math.round(48 * MiB * scale);
  const ids = writeV1File(dbPath, largeBytes);
  let sp;
  try {
    sp = await open(dbPath, { readonly: true });
  } catch (err) {
    if ((err as { code?: string }).code === 'UNSUPPORTED_FORMAT') return null;
    throw err;
  }
  try {
    const raw = new Database(dbPath, { readonly: true });
    try {
      return {
        v1_store_read_head_2000_10KB_ms: (await perCallMs(() => sp.read(OPERATOR, ids.small, { mode: 'head', n: N }))).ms,
        v1_store_read_head_2000_48MB_ms: (await perCallMs(() => sp.read(OPERATOR, ids.large, { mode: 'head', n: N }), { reps: 7 })).ms,
        v1_store_read_tail_2000_48MB_ms: (await perCallMs(() => sp.read(OPERATOR, ids.large, { mode: 'tail', n: N }), { reps: 7 })).ms,
        v1_whole_decode_head_2000_48MB_ms: (await perCallMs(() => wholeValueHead(raw, ids.large, N), { reps: 7 })).ms,
      };
    } finally {
      raw.close();
    }
  } finally {
    await sp.close();
  }
}
