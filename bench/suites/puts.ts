import fs from 'node:fs';
import path from 'node:path';
import { binaryOfBytes, KiB, MiB, textOfBytes } from '../lib/content';
import { progress } from '../lib/log';
import { openIndexedFloor, openRawFloor, type PragmaSet } from '../lib/raw';
import { open, USER } from '../lib/store';
import { median, timeMs } from '../lib/timing';
import { walFramesOf } from '../lib/wal-frames';

/** One put workload: `perRep` observations per timed repetition, `reps` repetitions after a warm-up. */
interface Workload {
  readonly name: string;
  readonly bytes: number;
  readonly perRep: number;
  readonly reps: number;
  readonly binary: boolean;
}

/** Rates of one workload: store puts and raw inserts, both per second and MiB per second (medians). */
interface Rates {
  readonly putPerS: number;
  readonly rawPerS: number;
  readonly putMiBPerS: number;
  readonly rawMiBPerS: number;
  /** CPU time (user + system) of this process per store put and per raw insert, µs: immune to other processes' load, blind to I/O waits. */
  readonly putCpuUs: number;
  readonly rawCpuUs: number;
  /** Text workloads: the floor when it starts from the same string (UTF-8 encoding included), per second and MiB/s. */
  readonly rawEncPerS: number | null;
  readonly rawEncMiBPerS: number | null;
  /** Text workloads: the indexed floor (lib/raw.ts openIndexedFloor: encode, sha256, metadata row, turn index), per second. */
  readonly indexedFloorPerS: number | null;
  /** WAL frames per store put and per raw insert (one extra repetition each), and the store's by table or index. */
  readonly putFrames: number;
  readonly rawFrames: number;
  readonly putFramesByObject: Record<string, number>;
}

/** Wall ms of `fn`, and CPU µs (user + system) this process spent in it. */
async function timeWallCpu(fn: () => unknown): Promise<{ ms: number; cpuUs: number }> {
  const c0 = process.cpuUsage();
  const ms = await timeMs(fn);
  const c = process.cpuUsage(c0);
  return { ms, cpuUs: c.user + c.system };
}

/**
 * Store puts against the raw floor, repetitions interleaved (store, raw, store, ...) so background load hits
 * both alike. Each side writes to its own fresh file; the inputs are prepared before timing: the store gets the
 * observation object, the floor the same content as UTF-8 bytes. For text, a third arm (extra figure) starts
 * the floor from the same string, so its UTF-8 encoding is counted as the store's is.
 */
async function measure(dir: string, pragmas: PragmaSet, w: Workload): Promise<Rates> {
  const count = w.perRep * (w.reps + 1);
  const contents: (string | Buffer)[] = [];
  const distinct = Math.min(count, w.bytes >= MiB ? 8 : count);
  for (let i = 0; i < distinct; i++) {
    contents.push(w.binary ? binaryOfBytes(w.bytes) : textOfBytes(w.bytes, 'mixed', `${w.name}-${i}`));
  }
  const at = (i: number) => contents[i % contents.length]!;
  const raws = contents.map((c) => (typeof c === 'string' ? Buffer.from(c, 'utf8') : c));
  const storePath = path.join(dir, `${w.name}-store.sqlite`);
  const rawPath = path.join(dir, `${w.name}-raw.sqlite`);
  const sp = await open(storePath);
  const raw = openRawFloor(rawPath, pragmas);
  const rawEncPath = path.join(dir, `${w.name}-raw-enc.sqlite`);
  const rawEnc = w.binary ? null : openRawFloor(rawEncPath, pragmas);
  const indexedPath = path.join(dir, `${w.name}-indexed.sqlite`);
  const indexed = w.binary ? null : openIndexedFloor(indexedPath, pragmas);
  const storeRep = (rep: number) =>
    timeWallCpu(async () => {
      for (let i = 0; i < w.perRep; i++) {
        const k = rep * w.perRep + i;
        await sp.put(USER, { turnId: `put-${w.name}-${Math.floor(k / 100)}`, stepNum: k % 100, executorName: 'bench', observation: { content: at(k) } });
      }
    });
  const rawRep = (rep: number) =>
    timeWallCpu(() => {
      for (let i = 0; i < w.perRep; i++) raw.insert(raws[(rep * w.perRep + i) % raws.length]!);
    });
  const rawEncRep = (rep: number) =>
    timeMs(() => {
      for (let i = 0; i < w.perRep; i++) rawEnc!.insert(Buffer.from(at(rep * w.perRep + i) as string, 'utf8'));
    });
  // The same turn ids and steps as the store's puts, so the index leaves split alike.
  const indexedRep = (rep: number) =>
    timeMs(() => {
      for (let i = 0; i < w.perRep; i++) {
        const k = rep * w.perRep + i;
        indexed!.insert(`put-${w.name}-${Math.floor(k / 100)}`, k % 100, at(k) as string);
      }
    });
  try {
    await storeRep(0);
    await rawRep(0);
    if (rawEnc) await rawEncRep(0);
    if (indexed) await indexedRep(0);
    const storeMs: number[] = [];
    const rawMs: number[] = [];
    const storeCpu: number[] = [];
    const rawCpu: number[] = [];
    const rawEncMs: number[] = [];
    const indexedMs: number[] = [];
    for (let r = 1; r <= w.reps; r++) {
      const s = await storeRep(r);
      const x = await rawRep(r);
      storeMs.push(s.ms);
      rawMs.push(x.ms);
      storeCpu.push(s.cpuUs / w.perRep);
      rawCpu.push(x.cpuUs / w.perRep);
      if (rawEnc) rawEncMs.push(await rawEncRep(r));
      if (indexed) indexedMs.push(await indexedRep(r));
    }
    const storeWal = await walFramesOf(storePath, pragmas.pageSize, async () => {
      await storeRep(w.reps + 1);
    });
    const rawWal = await walFramesOf(rawPath, pragmas.pageSize, async () => {
      await rawRep(w.reps + 1);
    });
    const perS = (ms: number) => (w.perRep * 1000) / ms;
    const mibPerS = (ms: number) => (w.perRep * w.bytes) / MiB / (ms / 1000);
    return {
      putPerS: perS(median(storeMs)),
      rawPerS: perS(median(rawMs)),
      putMiBPerS: mibPerS(median(storeMs)),
      rawMiBPerS: mibPerS(median(rawMs)),
      putCpuUs: median(storeCpu),
      rawCpuUs: median(rawCpu),
      rawEncPerS: rawEnc ? perS(median(rawEncMs)) : null,
      rawEncMiBPerS: rawEnc ? mibPerS(median(rawEncMs)) : null,
      indexedFloorPerS: indexed ? perS(median(indexedMs)) : null,
      putFrames: storeWal.frames / w.perRep,
      rawFrames: rawWal.frames / w.perRep,
      putFramesByObject: Object.fromEntries(Object.entries(storeWal.byObject).map(([k, v]) => [k, v / w.perRep])),
    };
  } finally {
    await sp.close();
    raw.close();
    rawEnc?.close();
    indexed?.close();
    for (const p of [storePath, rawPath, rawEncPath, indexedPath]) for (const suffix of ['', '-wal', '-shm']) fs.rmSync(p + suffix, { force: true });
  }
}

/**
 * Write figures: 8 KiB text puts per second and 5 MiB text puts in MiB/s, each with its raw floor, plus the
 * same for binary observations as extras (no UTF-8 work, so the gap to the floor is the store's own).
 */
export async function runPuts(dir: string, pragmas: PragmaSet, scale: number): Promise<{ figures: Record<string, number>; extra: Record<string, number> }> {
  const big = Math.max(64 * KiB, Math.round(5 * MiB * Math.min(1, scale * 10)));
  progress('  puts: 8 KiB text');
  const small = await measure(dir, pragmas, { name: 'p8k', bytes: 8 * KiB, perRep: 1_000, reps: 7, binary: false });
  progress(
    `  8 KiB text: WAL frames per put ${small.putFrames.toFixed(2)} (raw insert ${small.rawFrames.toFixed(2)}): ${JSON.stringify(small.putFramesByObject)}`,
  );
  progress('  puts: 5 MiB text');
  const large = await measure(dir, pragmas, { name: 'p5m', bytes: big, perRep: 16, reps: 5, binary: false });
  progress('  puts: 5 MiB binary');
  const largeBin = await measure(dir, pragmas, { name: 'p5mb', bytes: big, perRep: 16, reps: 5, binary: true });
  progress('  puts: 8 KiB binary');
  const smallBin = await measure(dir, pragmas, { name: 'p8kb', bytes: 8 * KiB, perRep: 1_000, reps: 5, binary: true });
  return {
    figures: {
      put_8KB_per_s: small.putPerS,
      raw_insert_8KB_per_s: small.rawPerS,
      put_5MB_MB_per_s: large.putMiBPerS,
      raw_insert_5MB_MB_per_s: large.rawMiBPerS,
    },
    extra: {
      put_8KB_binary_per_s: smallBin.putPerS,
      raw_insert_8KB_binary_per_s: smallBin.rawPerS,
      put_5MB_binary_MB_per_s: largeBin.putMiBPerS,
      raw_insert_5MB_binary_MB_per_s: largeBin.rawMiBPerS,
      raw_insert_8KB_with_encode_per_s: small.rawEncPerS ?? NaN,
      raw_insert_5MB_with_encode_MB_per_s: large.rawEncMiBPerS ?? NaN,
      indexed_floor_8KB_per_s: small.indexedFloorPerS ?? NaN,
      indexed_floor_8KB_ratio_to_raw: (small.indexedFloorPerS ?? NaN) / small.rawPerS,
      put_8KB_wal_frames: small.putFrames,
      // Where they go: frames per put by the table or index owning the page (sqlite_schema: page 1, the header).
      ...Object.fromEntries(Object.entries(small.putFramesByObject).map(([name, frames]) => [`put_8KB_wal_frames_${name}`, frames])),
      raw_insert_8KB_wal_frames: small.rawFrames,
      put_8KB_cpu_us: small.putCpuUs,
      put_8KB_binary_cpu_us: smallBin.putCpuUs,
      raw_insert_8KB_cpu_us: small.rawCpuUs,
      put_5MB_cpu_ms: large.putCpuUs / 1000,
      raw_insert_5MB_cpu_ms: large.rawCpuUs / 1000,
    },
  };
}
