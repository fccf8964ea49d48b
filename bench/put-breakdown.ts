/*
 * Where an 8 KiB v2 put's CPU goes (`npx tsx bench/put-breakdown.ts [puts]`, default 4,000; run it under the
 * bench lock). Each stage of one put is timed alone over `puts` repetitions with process.cpuUsage (user +
 * system µs per call: blind to other processes' load), for a text observation (the puts suite's 'mixed' 8 KiB
 * text) and a binary one (8 KiB random bytes): argument parsing, the principal check, UTF-8 encoding, the scan
 * (code points, cuts, `\n` counts), sha256, the summary, the handle, the id draw, the put's SQL statement
 * replayed alone on the store's schema (with and without its trigger and turn index, and the trigger's upsert as
 * a statement of its own), an empty write transaction, the async layers, and the whole put, against the raw
 * floor (bench/lib/raw.ts). Not a target figure: an explanation of one (bench/README.md has the targets).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash, hash } from 'node:crypto';
import Database from 'better-sqlite3';
import { requirePrincipal, requireUser } from '../app/access';
import { parseObservation, parsePutInput } from '../app/scratchpad/core/arguments';
import { createScratchpad } from '../app/scratchpad/core/scratchpad';
import { encodeBinary, encodeText, textCuts } from '../app/scratchpad/core/encode';
import { packHandle } from '../app/scratchpad/core/stored-handle';
import { buildHandle, refHint } from '../app/scratchpad/handle';
import { detectType, MAGIC_PREFIX_BYTES } from '../app/scratchpad/magic';
import { resolveOptions } from '../app/scratchpad/options';
import { SUMMARY_EDGE, summarizeBinary, summarizeTextAt } from '../app/scratchpad/summary';
import { createV2File, openV2 } from '../app/scratchpad/v2/connection';
import { createIdCipher } from '../app/scratchpad/v2/id-cipher';
import { ADD_TO_TURN_TRIGGER, ADD_TO_TURN_TRIGGER_SQL } from '../app/scratchpad/v2/turn-totals';
import { DEFAULT_CHUNK_LAYOUT } from '../app/scratchpad/core/chunk-layout';
import { binaryOfBytes, KiB, textOfBytes } from './lib/content';
import { openRawFloor } from './lib/raw';
import { STORE_CONNECTION_PRAGMAS } from './lib/pragmas';
import { walFramesOf } from './lib/wal-frames';
import { splitInlineText } from '../app/scratchpad/v2/inline-text';

const PUTS = Number(process.argv[2] ?? 4_000);
const USER = { kind: 'user', userId: 'bench-user' } as const;
const SCRATCH = Buffer.allocUnsafe(262_144);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'put-breakdown-'));
const rows: { stage: string; text: number | null; binary: number | null }[] = [];

/** CPU µs (user + system) per call of `fn(i)` over PUTS calls, after PUTS / 10 warm-up calls. */
async function cpuPerCall(fn: (i: number) => unknown, n = PUTS): Promise<number> {
  for (let i = 0; i < Math.max(10, n / 10); i++) await fn(i);
  const c0 = process.cpuUsage();
  for (let i = 0; i < n; i++) await fn(i);
  const c = process.cpuUsage(c0);
  return (c.user + c.system) / n;
}

/** Same for a synchronous `fn` (no await between calls: the async layers are timed apart). */
function cpuPerCallSync(fn: (i: number) => unknown, n = PUTS): number {
  for (let i = 0; i < Math.max(10, n / 10); i++) fn(i);
  const c0 = process.cpuUsage();
  for (let i = 0; i < n; i++) fn(i);
  const c = process.cpuUsage(c0);
  return (c.user + c.system) / n;
}

function row(stage: string, text: number | null, binary: number | null): void {
  rows.push({ stage, text, binary });
}

/** Fresh texts as the puts suite makes them (ropes, flattened by the first pass over them). */
const freshTexts = (n: number) => Array.from({ length: n }, (_, i) => textOfBytes(8 * KiB, 'mixed', `p8k-${i}`));
const binaries = Array.from({ length: 64 }, () => binaryOfBytes(8 * KiB));

/** A fresh v2 file through the store's own creation and open; its backend, scratchpad and path. */
function freshStore(name: string) {
  const file = path.join(dir, `${name}.sqlite`);
  const options = resolveOptions(undefined);
  createV2File(file, options);
  const backend = openV2(file, options, DEFAULT_CHUNK_LAYOUT);
  return { file, backend, sp: createScratchpad(backend, options) };
}

/** The INSERT statement's SQL and values the store ran for its last put, captured from better-sqlite3's run. */
function captureInsert(): { restore: () => void; last: () => { sql: string; values: unknown[] } } {
  const probe = new Database(':memory:');
  const proto = Object.getPrototypeOf(probe.prepare('SELECT 1')) as { run: (...a: unknown[]) => unknown };
  probe.close();
  const orig = proto.run;
  let last: { sql: string; values: unknown[] } | null = null;
  proto.run = function (this: { source: string }, ...a: unknown[]) {
    if (this.source.startsWith('INSERT INTO observations'))
      last = { sql: this.source, values: (a[0] as unknown[]).map((v) => (Buffer.isBuffer(v) ? Buffer.from(v) : v)) };
    return orig.apply(this, a);
  };
  return {
    restore: () => {
      proto.run = orig;
    },
    last: () => last!,
  };
}

/** A raw connection on a fresh store file with the store's pragmas, optionally without the trigger or turn index. */
function rawOnStoreFile(name: string, drop: { trigger?: boolean; index?: boolean }) {
  const s = freshStore(name);
  void s.backend.close();
  const db = new Database(s.file);
  for (const p of STORE_CONNECTION_PRAGMAS) db.pragma(p);
  if (drop.trigger) db.exec(`DROP TRIGGER ${ADD_TO_TURN_TRIGGER}`);
  if (drop.index) db.exec('DROP INDEX observations_turn');
  return { db, file: s.file };
}

async function text(): Promise<Record<string, number>> {
  const input = (i: number, texts: string[]) => ({
    turnId: `put-p8k-${Math.floor(i / 100)}`,
    stepNum: i % 100,
    executorName: 'bench',
    observation: { content: texts[i % texts.length]! },
  });
  const out: Record<string, number> = {};
  const flat = freshTexts(64);
  for (const t of flat) Buffer.from(t);
  out.principal = cpuPerCallSync(() => requireUser(requirePrincipal(USER), 'put observations'));
  out.args = cpuPerCallSync((i) => parseObservation(parsePutInput(input(i, flat)).observation));
  let fresh = freshTexts(PUTS * 1.1 + 10);
  out.utf8Fresh = cpuPerCallSync((i) => SCRATCH.write(fresh[i]!, 0, 'utf8'));
  out.utf8 = cpuPerCallSync((i) => SCRATCH.write(flat[i % 64]!, 0, 'utf8'));
  const encs = flat.map((t) => encodeText(t, DEFAULT_CHUNK_LAYOUT.textChunkCodePoints));
  const bytes = encs.map((e) => e.bytes);
  out.sha256CreateHash = cpuPerCallSync((i) =>
    createHash('sha256')
      .update(bytes[i % 64]!)
      .digest('hex'),
  );
  out.sha256OneShot = cpuPerCallSync((i) => hash('sha256', bytes[i % 64]!, 'hex'));
  out.encodeText = cpuPerCallSync((i) => encodeText(flat[i % 64]!, DEFAULT_CHUNK_LAYOUT.textChunkCodePoints, SCRATCH));
  out.summary = cpuPerCallSync((i) => {
    const e = encs[i % 64]!;
    const cuts = textCuts(flat[i % 64]!, e, DEFAULT_CHUNK_LAYOUT.textChunkCodePoints, SUMMARY_EDGE);
    return summarizeTextAt(flat[i % 64]!, e.lengthUnits, cuts.head, cuts.tail);
  });
  out.summaryFromBytes = cpuPerCallSync((i) => splitInlineText(encs[i % 64]!, DEFAULT_CHUNK_LAYOUT.textChunkCodePoints));
  const summary = summarizeTextAt(flat[0]!, encs[0]!.lengthUnits, 500, flat[0]!.length - 500);
  out.handle = cpuPerCallSync((i) => {
    const d = buildHandle({ id: '', stepNum: i % 100, sizeBytes: 8192, kind: 'text', summary, source: {} });
    const packed = packHandle(d);
    return [packed, { ...d, scratchpad_id: 'x'.repeat(44), ref_hint: refHint('x'.repeat(44), i % 100, null) }];
  });
  const cipher = createIdCipher('00112233445566778899aabbccddeeff');
  out.idDraw = cpuPerCallSync(() => cipher.draw());
  out.asyncLayer = await cpuPerCall(async () => (async () => 1)());

  // The statement alone: captured from a put, replayed on fresh files of the same schema.
  const cap = captureInsert();
  const probe = freshStore('capture');
  await probe.sp.put(USER, input(0, flat));
  cap.restore();
  await probe.backend.close();
  const { sql, values } = cap.last();
  const turnAt = 5; // parameter index of turn_id in the INSERT's values (randomHex, pad, pad, id_key, owner, turn, ...)
  const replay = (db: Database.Database) => {
    const stmt = db.prepare(sql);
    const v = [...values];
    return (i: number) => {
      v[turnAt] = `put-p8k-${Math.floor(i / 100)}`;
      v[0] = (i + 1e9).toString(16).padStart(32, '0');
      return stmt.run(v);
    };
  };
  const full = rawOnStoreFile('full', {});
  out.sqlInsertWithTrigger = cpuPerCallSync(replay(full.db));
  out.framesInsertWithTrigger = (await walFramesOf(full.file, 4096, async () => void cpuPerCallSync(replay(full.db), 1000))).frames / 1000 / 1.1;
  const noTrig = rawOnStoreFile('no-trigger', { trigger: true });
  out.sqlInsertNoTrigger = cpuPerCallSync(replay(noTrig.db));
  const noIdx = rawOnStoreFile('no-trigger-no-index', { trigger: true, index: true });
  out.sqlInsertNoTriggerNoIndex = cpuPerCallSync(replay(noIdx.db));
  // The trigger's upsert as a statement of its own (new.x as parameters).
  const body = /BEGIN\s+([\s\S]*);\s*END$/.exec(ADD_TO_TURN_TRIGGER_SQL)![1]!.replace(/new\.(\w+)/g, '@$1');
  const upsert = noTrig.db.prepare(body);
  out.sqlTurnsUpsertAlone = cpuPerCallSync((i) =>
    upsert.run({
      owner: 'bench-user',
      turn_id: `put-p8k-${Math.floor(i / 100)}`,
      size_bytes: 8192,
      kind: 'text',
      created_at: 1e9 + i,
      expires_at: 1e9 + i + 3600,
      executor_name: 'bench',
    }),
  );
  const begin = noTrig.db.prepare('BEGIN IMMEDIATE');
  const commit = noTrig.db.prepare('COMMIT');
  out.emptyWriteTransaction = cpuPerCallSync(() => {
    begin.run();
    commit.run();
  });
  for (const d of [full.db, noTrig.db, noIdx.db]) d.close();

  const s = freshStore('whole-text');
  fresh = freshTexts(PUTS * 1.1 + 10);
  out.backendInsert = await cpuPerCall((i) =>
    s.backend.writer!.insert({
      owner: 'bench-user',
      turnId: `put-p8k-${Math.floor(i / 100)}`,
      stepNum: i % 100,
      executorName: 'bench',
      actor: null,
      channel: null,
      createdAt: 1e9,
      expiresAt: 1e9 + 3600,
      observation: parseObservation({ content: fresh[i]! }),
    }),
  );
  await s.backend.close();
  const w = freshStore('whole-text-put');
  fresh = freshTexts(PUTS * 1.1 + 10);
  out.wholePut = await cpuPerCall((i) => w.sp.put(USER, input(i, fresh)));
  out.wholePutFrames =
    (await walFramesOf(w.file, 4096, async () => void (await cpuPerCall((i) => w.sp.put(USER, input(i + 10_000_000, fresh)), 1000)))).frames / 1100;
  await w.backend.close();
  const raw = openRawFloor(path.join(dir, 'raw.sqlite'), { pageSize: 4096, journalMode: 'wal', autoVacuum: 0, connection: STORE_CONNECTION_PRAGMAS });
  out.rawInsert = cpuPerCallSync((i) => raw.insert(bytes[i % 64]!));
  raw.close();
  return out;
}

async function binary(): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  const input = (i: number) => ({
    turnId: `put-p8kb-${Math.floor(i / 100)}`,
    stepNum: i % 100,
    executorName: 'bench',
    observation: { content: binaries[i % 64]! },
  });
  out.args = cpuPerCallSync((i) => parseObservation(parsePutInput(input(i)).observation));
  out.sha256CreateHash = cpuPerCallSync((i) =>
    createHash('sha256')
      .update(binaries[i % 64]!)
      .digest('hex'),
  );
  out.sha256OneShot = cpuPerCallSync((i) => hash('sha256', binaries[i % 64]!, 'hex'));
  out.encodeBinary = cpuPerCallSync((i) => encodeBinary(binaries[i % 64]!, DEFAULT_CHUNK_LAYOUT.binaryChunkBytes));
  out.summary = cpuPerCallSync((i) => [summarizeBinary(8192, 'ab'.repeat(32)), detectType(binaries[i % 64]!.subarray(0, MAGIC_PREFIX_BYTES))]);
  const w = freshStore('whole-binary-put');
  out.wholePut = await cpuPerCall((i) => w.sp.put(USER, input(i)));
  await w.backend.close();
  return out;
}

try {
  const t = await text();
  const b = await binary();
  const label: Record<string, string> = {
    principal: 'principal check (requirePrincipal, requireUser)',
    args: 'argument parsing (parsePutInput, normalizeObservation)',
    utf8Fresh: 'UTF-8 encoding of a fresh (rope) text into the scratch buffer',
    utf8: 'UTF-8 encoding of a flat text into the scratch buffer',
    sha256CreateHash: 'sha256, createHash().update().digest()',
    sha256OneShot: 'sha256, crypto.hash one-shot',
    encodeText: 'encodeText of a flat text (UTF-8, scan, sha256)',
    encodeBinary: 'encodeBinary (offsets, sha256)',
    summary: 'summary from the string (textCuts + summarizeTextAt, as schema 10; binary: summarizeBinary + detectType)',
    summaryFromBytes: 'summary from the bytes and the stored part (splitInlineText, schema 11)',
    handle: 'handle (buildHandle, packHandle, ref_hint, result object)',
    idDraw: 'id draw (random part, pad)',
    asyncLayer: 'one await of an async function',
    sqlInsertWithTrigger: 'SQL: the INSERT as the put runs it (trigger, turn index)',
    sqlInsertNoTrigger: 'SQL: the INSERT without the trigger',
    sqlInsertNoTriggerNoIndex: 'SQL: the INSERT without trigger and observations_turn',
    sqlTurnsUpsertAlone: 'SQL: the trigger upsert as its own statement',
    emptyWriteTransaction: 'SQL: BEGIN IMMEDIATE + COMMIT, nothing written',
    backendInsert: 'backend writer.insert (fresh text)',
    wholePut: 'whole put through Scratchpad.put (fresh text)',
    rawInsert: 'raw floor insert of the same bytes',
    framesInsertWithTrigger: 'WAL frames per replayed INSERT',
    wholePutFrames: 'WAL frames per put',
  };
  for (const k of Object.keys(label)) if (k in t || k in b) row(label[k]!, t[k] ?? null, b[k] ?? null);
  const f = (v: number | null) => (v === null ? '' : v.toFixed(v < 10 ? 2 : 1));
  console.log(
    `${PUTS} calls per stage; CPU µs per call (user + system); load ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  console.log(`| stage | text 8 KiB | binary 8 KiB |\n| --- | ---: | ---: |`);
  for (const r of rows) console.log(`| ${r.stage} | ${f(r.text)} | ${f(r.binary)} |`);
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
