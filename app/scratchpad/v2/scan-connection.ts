import Database from 'better-sqlite3';

/** The scan connection's page cache: its content pages are read past the cache (SQLite's direct overflow read). */
export const SCAN_CACHE_KIB = 2_048;
/** Bytes of the file the scan connection maps: the largest SQLite's build allows (SQLITE_MAX_MMAP_SIZE). */
export const SCAN_MMAP_BYTES = 0x7fff0000;

/** What a scan connection needs of the store's options (a worker thread gets these, not the whole options). */
export interface ScanConnectionOptions {
  /** SQLite busy timeout, ms. */
  readonly busyTimeoutMs: number;
  /** better-sqlite3 `nativeBinding`, or undefined for the Node build. */
  readonly nativeBinding: string | undefined;
}

/**
 * A connection a search reads content through: read-only, and memory-mapped, so the overflow pages of a chunk
 * are copied from the mapping instead of one pread per 4 KiB page (the larger part of a scan's CPU). Mapped pages
 * are the kernel's page cache of the file, shared and reclaimable: they show in the process's RSS as file pages
 * (RssFile), not as its own memory. Only searches use it (the store's own scan connection, and each search worker
 * thread's, scan-lanes.ts); every other read stays on the main connection. Keep it open: a new connection faults
 * its whole mapping in again (a fresh one per scan read ~1.1 GB/s against 3-4 GB/s). Throws better-sqlite3's error
 * when the file cannot be opened. (SQLite's caveat of memory-mapped I/O, a crash on an I/O error of the device,
 * applies to these reads.)
 */
export function openScanConnection(path: string, options: ScanConnectionOptions): Database.Database {
  const db = new Database(path, { readonly: true, fileMustExist: true, timeout: Math.floor(options.busyTimeoutMs), nativeBinding: options.nativeBinding });
  try {
    db.pragma(`busy_timeout = ${Math.floor(options.busyTimeoutMs)}`);
    db.pragma(`cache_size = -${SCAN_CACHE_KIB}`);
    db.pragma(`mmap_size = ${SCAN_MMAP_BYTES}`);
    return db;
  } catch (err) {
    db.close();
    throw err;
  }
}
