import { createHash } from 'node:crypto';
import type { CompareSide } from '../../app/contract';
import type { CompareSource } from '../../app/compare';

/** Options of {@link memorySource}. */
export interface MemoryOptions {
  readonly id?: string;
  readonly kind?: 'text' | 'binary';
  readonly structured?: boolean;
  readonly expiry?: CompareSide['expiry'];
  /** Piece size of chunks(), bytes (small pieces exercise the buffering). */
  readonly pieceBytes?: number;
}

let counter = 0;

/** A CompareSource over bytes in memory (text given as a string is UTF-8 encoded). */
export function memorySource(content: string | Uint8Array, o: MemoryOptions = {}): CompareSource {
  const bytes = typeof content === 'string' ? new TextEncoder().encode(content) : content;
  const id = o.id ?? `mem-${++counter}`;
  const piece = o.pieceBytes ?? 1_048_576;
  return {
    describe: async () => ({
      id,
      turnId: 't',
      stepNum: 1,
      executorName: 'x',
      kind: o.kind ?? (typeof content === 'string' ? 'text' : 'binary'),
      structured: o.structured ?? false,
      sizeBytes: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      expiry: o.expiry ?? 'live',
    }),
    chunks: () => ({
      async *[Symbol.asyncIterator]() {
        for (let at = 0; at < bytes.length; at += piece) yield bytes.subarray(at, at + piece);
      },
    }),
  };
}
