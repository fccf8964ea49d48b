import fs from 'node:fs';
import Database from 'better-sqlite3';

/*
 * Where a write's WAL frames go. A second connection holds a read transaction open, so no checkpoint can
 * copy away what `fn` commits. The frames' page numbers (each frame header's first 4 bytes, big-endian; header 32
 * bytes, frame header 24) are named by the table or index owning the page (SQLite's dbstat table; a page not in
 * it, such as a freed page, counts as '(other)'; page 1, the header, belongs to sqlite_schema).
 * When the WAL was wholly checkpointed before, the pin reads no frame of it and SQLite may restart the WAL at its
 * start (new salts in the WAL header), over the old frames: the file size before then says nothing. So the frames
 * are counted by their salts (frame header bytes 8-15 equal to the WAL header's 16-23): from the first frame after
 * a restart, else from the old end.
 */

const WAL_HEADER = 32;
const FRAME_HEADER = 24;

/** How many frames from the start of `wal` carry its header's salts (the current WAL; older frames may follow). */
function currentFrames(wal: Buffer, frameBytes: number): number {
  if (wal.length < WAL_HEADER) return 0;
  const salts = wal.subarray(16, 24);
  let n = 0;
  while (WAL_HEADER + (n + 1) * frameBytes <= wal.length && wal.compare(salts, 0, 8, WAL_HEADER + n * frameBytes + 8, WAL_HEADER + n * frameBytes + 16) === 0)
    n++;
  return n;
}

/** Frames `fn` appended to the WAL of the file at `path` (page size `pageSize` bytes), per owning table or index. */
export async function walFramesOf(path: string, pageSize: number, fn: () => Promise<void>): Promise<{ frames: number; byObject: Record<string, number> }> {
  const pin = new Database(path, { readonly: true });
  try {
    pin.prepare('BEGIN').run();
    pin.prepare('SELECT count(*) FROM sqlite_master').get();
    const before = fs.readFileSync(`${path}-wal`);
    await fn();
    const wal = fs.readFileSync(`${path}-wal`);
    pin.prepare('COMMIT').run();
    const frameBytes = FRAME_HEADER + pageSize;
    const restarted = before.length < WAL_HEADER || !before.subarray(16, 24).equals(wal.subarray(16, 24));
    const first = restarted ? 0 : currentFrames(before, frameBytes);
    const pages: number[] = [];
    // Counted once: in the loop condition it rescanned the whole WAL per frame (quadratic: minutes for a 5 MiB put phase).
    const end = currentFrames(wal, frameBytes);
    for (let i = first; i < end; i++) pages.push(wal.readUInt32BE(WAL_HEADER + i * frameBytes));
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
