import fs from 'node:fs';
import Database from 'better-sqlite3';

/*
 * Where a write's WAL frames go. A second connection holds a read transaction open, so no checkpoint can
 * restart the WAL while `fn` runs: every frame `fn` commits is appended. The frames' page numbers (each frame
 * header's first 4 bytes, big-endian; header 32 bytes, frame header 24) are named by the table or index owning
 * the page (SQLite's dbstat table; a page not in it, such as page 1's header or a freed page, counts as '(other)').
 */

const WAL_HEADER = 32;
const FRAME_HEADER = 24;

/** Frames `fn` appended to the WAL of the file at `path` (page size `pageSize` bytes), per owning table or index. */
export async function walFramesOf(path: string, pageSize: number, fn: () => Promise<void>): Promise<{ frames: number; byObject: Record<string, number> }> {
  const pin = new Database(path, { readonly: true });
  try {
    pin.prepare('BEGIN').run();
    pin.prepare('SELECT count(*) FROM sqlite_master').get();
    const before = fs.statSync(`${path}-wal`).size;
    await fn();
    const wal = fs.readFileSync(`${path}-wal`);
    pin.prepare('COMMIT').run();
    const frameBytes = FRAME_HEADER + pageSize;
    const first = before < WAL_HEADER ? 0 : Math.round((before - WAL_HEADER) / frameBytes);
    const total = Math.floor((wal.length - WAL_HEADER) / frameBytes);
    const pages: number[] = [];
    for (let i = first; i < total; i++) pages.push(wal.readUInt32BE(WAL_HEADER + i * frameBytes));
    const owner = new Map<number, string>();
    for (const r of pin.prepare('SELECT name, pageno FROM dbstat').all() as { name: string; pageno: number }[]) owner.set(r.pageno, r.name);
    const byObject: Record<string, number> = {};
    for (const p of pages) {
      const name = owner.get(p) ?? (p === 1 ? '(header page)' : '(other)');
      byObject[name] = (byObject[name] ?? 0) + 1;
    }
    return { frames: pages.length, byObject };
  } finally {
    if (pin.inTransaction) pin.prepare('COMMIT').run();
    pin.close();
  }
}
