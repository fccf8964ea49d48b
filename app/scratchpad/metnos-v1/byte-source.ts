/** Random access to the bytes of one stored value, a window at a time (never the whole value unless asked). */
export interface ByteSource {
  /** Length of the value in bytes. */
  readonly byteLength: number;
  /**
   * Bytes [offset, offset + length) of the value, clamped to its end (offset and length in bytes, >= 0).
   * Throws {@link ValueChangedError} when the value is no longer the one whose length was reported.
   */
  read(offset: number, length: number): Uint8Array;
}

/** The value changed (or vanished) between two window reads: the caller drops what it cached and retries. */
export class ValueChangedError extends Error {
  override readonly name = 'ValueChangedError';
}

/** Window sizes of scans over a value, in bytes. */
export interface ScanTuning {
  /** Window of a whole-value scan (count, sha256, export) of a value of `byteLength` bytes. */
  scanWindowBytes(byteLength: number): number;
  /** Distance between the code-point checkpoints a text scan records (bounds the window of a later range read). */
  readonly checkpointBytes: number;
  /** Window used to walk forward where no checkpoint helps. */
  readonly walkWindowBytes: number;
}

const MiB = 1_048_576;

/**
 * Default tuning. SQLite copies the whole value into its own memory for every `substr()` of an overflowing value
 * (measured: ~35 ms for 50 MB), so a whole-value scan uses few, larger windows (a quarter of the value, between
 * 1 MiB and 64 MiB) to stay linear; slices read only ~1 MiB around the nearest checkpoint.
 */
export const DEFAULT_SCAN_TUNING: ScanTuning = {
  scanWindowBytes: (byteLength) => Math.min(64 * MiB, Math.max(MiB, Math.ceil(byteLength / 4))),
  checkpointBytes: MiB,
  walkWindowBytes: MiB,
};

/**
 * Visits the whole value in order as non-overlapping chunks of at most `windowBytes` bytes (each a fresh read).
 * Throws {@link ValueChangedError} if the value shrinks while being read.
 */
export function* scanChunks(source: ByteSource, windowBytes: number): Generator<Uint8Array> {
  let offset = 0;
  while (offset < source.byteLength) {
    const chunk = source.read(offset, windowBytes);
    if (chunk.length === 0) throw new ValueChangedError('value ended early');
    offset += chunk.length;
    yield chunk;
  }
}
