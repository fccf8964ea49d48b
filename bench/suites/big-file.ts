import path from 'node:path';
import { binaryOfBytes, KiB, MiB, textOfBytes } from '../lib/content';
import { progress } from '../lib/log';
import { open, USER } from '../lib/store';
import { fileSetBytes } from '../lib/temp';
import { timeMs } from '../lib/timing';

/** Sizes of the shared large file, in bytes (scaled down by `--scale` for a quick try of the harness). */
export function bigFileSizes(scale: number) {
  return {
    small: 10 * KiB,
    large: Math.round(100 * MiB * scale),
    listRow: Math.round(1 * MiB * scale),
    listRows: 100,
    huge: Math.round(500 * MiB * scale),
    total: Math.round(1024 * MiB * scale),
    filler: Math.round(4 * MiB * scale),
  };
}

/** The ids and turns of the shared large file. */
export interface BigFile {
  readonly path: string;
  readonly smallId: string;
  readonly largeId: string;
  readonly hugeId: string;
  readonly listTurn: string;
  readonly contentBytes: number;
  readonly fileBytes: number;
  readonly buildSeconds: number;
}

/**
 * Builds one file of about 1 GiB of observations owned by {@link USER}: a 10 KiB and a 100 MiB text row (reads),
 * a turn of 100 x 1 MiB text rows (listing), a 500 MiB text row (memory of slicing), and 4 MiB text and binary
 * rows filling up to 1 GiB (stats). One file serves every read-side figure, so the disk holds 1 GiB once.
 */
export async function buildBigFile(dir: string, scale: number): Promise<BigFile> {
  const sizes = bigFileSizes(scale);
  const dbPath = path.join(dir, 'big.sqlite');
  const sp = await open(dbPath);
  let contentBytes = 0;
  const ttlSeconds = 7 * 86_400;
  const put = async (turnId: string, stepNum: number, observation: unknown, bytes: number): Promise<string> => {
    contentBytes += bytes;
    return (await sp.put(USER, { turnId, stepNum, executorName: 'bench', observation, ttlSeconds })).scratchpad_id;
  };
  let ids: Pick<BigFile, 'smallId' | 'largeId' | 'hugeId'> | undefined;
  const seconds =
    (await timeMs(async () => {
      const smallId = await put('bench-reads', 0, { content: textOfBytes(sizes.small, 'mixed', 'small') }, sizes.small);
      progress(`  building: 100 MiB text row`);
      const largeId = await put('bench-reads', 1, { content: textOfBytes(sizes.large, 'mixed', 'large') }, sizes.large);
      progress(`  building: turn of ${sizes.listRows} x 1 MiB`);
      for (let i = 0; i < sizes.listRows; i++) await put('bench-list', i, { content: textOfBytes(sizes.listRow, 'mixed', `list-${i}`) }, sizes.listRow);
      progress(`  building: 500 MiB text row`);
      const hugeId = await put('bench-rss', 0, { content: textOfBytes(sizes.huge, 'latin1', 'huge') }, sizes.huge);
      progress(`  building: filler rows up to 1 GiB`);
      for (let i = 0; contentBytes < sizes.total; i++) {
        const observation = i % 2 ? { content: binaryOfBytes(sizes.filler) } : { content: textOfBytes(sizes.filler, 'mixed', `fill-${i}`) };
        await put(`bench-fill-${Math.floor(i / 10)}`, i % 10, observation, sizes.filler);
      }
      ids = { smallId, largeId, hugeId };
    })) / 1000;
  await sp.close();
  if (!ids) throw new Error('big file not built');
  return { path: dbPath, ...ids, listTurn: 'bench-list', contentBytes, fileBytes: fileSetBytes(dbPath), buildSeconds: seconds };
}
