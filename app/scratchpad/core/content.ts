import type { ContentChunk } from './backend';

/**
 * The bytes of `chunks` in order, as pieces of at most `pieceBytes` bytes (views into the chunks, never a
 * copy of the whole value): what iterateContent returns for streamed export.
 */
export function readPieces(chunks: AsyncIterable<ContentChunk>, pieceBytes: number): AsyncIterable<Uint8Array> {
  return {
    async *[Symbol.asyncIterator]() {
      for await (const chunk of chunks) {
        const { bytes } = chunk;
        for (let at = 0; at < bytes.byteLength; at += pieceBytes) yield bytes.subarray(at, Math.min(bytes.byteLength, at + pieceBytes));
      }
    },
  };
}
