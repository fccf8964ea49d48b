/**
 * A scripted agent turn against a real scratchpad file, showing what the model sees at each step.
 *
 *   npm run example                 # a temp database, removed at the end
 *   npm run example -- my.db        # keep the database (open it in the app afterwards)
 *
 * The "model" is a fixed script: it calls three tools whose observations are too large for its context (a
 * server log, a JSON listing of packages, a PNG screenshot), receives synthetic handles instead, pages slices
 * back with scratchpad_read, is suspended while waiting for a human, resumes two hours later (simulated with
 * an injected clock), and finally shows that another user cannot read its rows. At the end it prints the read
 * log: which parts of each observation the model really looked at.
 *
 * It only ever deletes rows it wrote: gc runs as mallory (the example's second user, owner-scoped), and only
 * when a dry run shows that everything it would delete belongs to this turn, so an existing file (the demo
 * database, a runtime's file) keeps every other row. A file it cannot use (not SQLite, Metnos v1, read-only, a
 * missing folder) ends with one line `example: error CODE: message` on stderr and the CLI's exit code.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { randomBytes } from 'node:crypto';
import {
  createEngineMetrics,
  handleScratchpadRead,
  offloadObservation,
  resumeTurn,
  runGc,
  suspendTurn,
  toolsForTurn,
  type ScratchpadReadToolResult,
} from '../app/engine';
import type { Principal } from '../app/contract';
import { openScratchpad } from '../app/scratchpad';
import { exitOnStdoutError } from '../app/cli/stdout-errors';
import { describeFailure } from '../app/cli/exit-codes';
import { ScratchpadError } from '../app/scratchpad/types';
import { packageListing, screenshot, serverLog } from './executors';
import { coverage, show } from './transcript';

const pathArg = process.argv[2];
const tempDir = pathArg ? null : mkdtempSync(join(tmpdir(), 'agent-turn-'));
const dbPath = pathArg ? resolve(pathArg) : join(tempDir as string, 'scratchpad.db');
// `npm run example | head`: one line and exit 5 when the reader stops early, and the temp database removed.
exitOnStdoutError('example', () => {
  if (tempDir) rmSync(tempDir, { recursive: true, force: true });
});

/** Ends the example on a failure the way the CLI does: one line on stderr, the CLI's exit code, no stack. */
function fail(error: unknown): never {
  const failure = describeFailure(error);
  if (tempDir) rmSync(tempDir, { recursive: true, force: true });
  process.stderr.write(`example: error ${failure.code}: ${failure.message}\n`);
  process.exit(failure.exitCode);
}

let now = Date.now() / 1000; // the store's clock: advanced by hand to simulate a long suspension
const store = await openScratchpad(dbPath, { clock: () => now }).catch(fail);
if (store.readonly || store.format !== 'v2') {
  await store.close();
  fail(
    new ScratchpadError(
      'READ_ONLY',
      store.format !== 'v2'
        ? `${dbPath}: a ${store.format} file is opened without changing it; the example writes v2 rows (pass a new path)`
        : `${dbPath}: opened read-only; the example writes rows (pass a new path)`,
    ),
  );
}
const metrics = createEngineMetrics();
const alice: Principal = { kind: 'user', userId: 'alice' };
const mallory: Principal = { kind: 'user', userId: 'mallory' };
const turnId = randomBytes(8).toString('hex');
let step = 0;

/** A tool call of the scripted model: run the executor, offload if large, print what the model receives. */
async function callTool(executorName: string, run: () => unknown): Promise<Record<string, unknown>> {
  step += 1;
  const observation = run();
  const seen = await offloadObservation(store, { principal: alice, turnId, stepNum: step, executorName, metrics }, observation);
  console.log(`\n── step ${step} · model calls ${executorName}()`);
  show('model sees', seen);
  return seen as Record<string, unknown>;
}

/** What the scripted model concludes from what it just saw. */
function note(text: string): void {
  console.log(`   model notes: ${text}`);
}

/** A scratchpad_read call of the scripted model, as the runtime would dispatch it. */
async function read(args: Record<string, unknown>, who: Principal = alice): Promise<ScratchpadReadToolResult> {
  step += 1;
  const result = await handleScratchpadRead(store, { principal: who, turnId, metrics }, args);
  const as = who.kind === 'user' && who.userId !== 'alice' ? ` (as ${who.userId})` : '';
  console.log(`\n── step ${step} · model calls scratchpad_read(${JSON.stringify(args)})${as}`);
  show('model sees', result);
  return result;
}

/** "1 row", "2 rows". */
function rows(n: number): string {
  return `${n} row${n === 1 ? '' : 's'}`;
}

try {
  console.log(
    `Scratchpad: ${dbPath}\nTurn ${turnId} for user alice. Tools offered at start: ${JSON.stringify((await toolsForTurn(store, alice, turnId)).map((t) => t.name))}`,
  );

  await callTool('git_status', () => ({ content: 'On branch main\nnothing to commit, working tree clean\n' }));
  const log = await callTool('read_file', () => serverLog(4000));
  console.log(`   tools offered now: ${JSON.stringify((await toolsForTurn(store, alice, turnId)).map((t) => t.name))}`);
  const tail = await read({ scratchpad_id: log.scratchpad_id, mode: 'tail', n: 4000 });
  if (tail.ok) note(`found in the tail: ${tail.content.split('\n').find((l) => l.includes('ERROR')) ?? 'no error'}`);
  const full = await read({ scratchpad_id: log.scratchpad_id, mode: 'full' });
  if (full.ok) note(`got only ${full.meta.returnedLength} of ${full.meta.totalLength} characters; will continue from ${full.nextStart}`);

  const listing = await callTool('list_packages', () => packageListing(process.cwd()));
  await read({ scratchpad_id: listing.scratchpad_id, mode: 'head', n: 600 });

  const shot = await callTool('browser_screenshot', screenshot);
  const header = await read({ scratchpad_id: shot.scratchpad_id, mode: 'head', n: 24 });
  if (header.ok) {
    const bytes = Buffer.from(header.content, 'base64');
    note(`bytes ${bytes.subarray(0, 8).toString('hex')} are the PNG signature; IHDR says ${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)} pixels`);
  }

  // Another user's runtime happens to use the same turn id; its row keeps the default TTL of 1 h.
  await offloadObservation(store, { principal: mallory, turnId, stepNum: 1, executorName: 'read_file', metrics }, serverLog(200));

  step += 1;
  const changed = await suspendTurn(store, alice, turnId, 24 * 3600);
  console.log(`\n── step ${step} · turn suspended: waiting for the developer to approve a refund (TTL of alice's ${changed} rows set to 24 h)`);
  now += 2 * 3600;
  // mallory's runtime collects its own expired rows (owner-scoped gc): only when all of them are of this turn,
  // so that the example never deletes a row it did not write.
  const due = await runGc(store, mallory, { dryRun: true });
  const others = due.turns.filter((t) => t.turnId !== turnId).reduce((n, t) => n + t.rows, 0);
  if (others === 0) {
    const gc = await runGc(store, mallory, { metrics });
    console.log(
      `   two hours later (past the default 1 h TTL), mallory's own gc deleted ${rows(gc.deletedRows)} of this turn (not extended); alice's rows, extended to 24 h, are still there`,
    );
  } else {
    console.log(
      `   two hours later (past the default 1 h TTL): gc skipped, mallory has ${rows(others)} of other turns in ${dbPath} (the example deletes only its own)`,
    );
  }
  const resumed = await resumeTurn(store, alice, turnId);
  console.log(
    `   resumed: ${resumed.readable.length} readable rows, ${resumed.expiredCount} expired, tools ${JSON.stringify(resumed.tools.map((t) => t.name))}`,
  );

  if (full.ok && full.nextStart !== undefined)
    await read({ scratchpad_id: log.scratchpad_id, mode: 'range', start: full.nextStart, end: full.nextStart + 300 });
  await read({ scratchpad_id: log.scratchpad_id, mode: 'range', start: 0, end: 120 }, mallory);
  await read({ scratchpad_id: 'f'.repeat(32) });

  console.log('\n── read log of the turn (what the model actually looked at)');
  for (const meta of await store.listForTurn(alice, turnId)) {
    const entries = await store.readLog(alice, { id: meta.id });
    const total = meta.kind === 'binary' ? meta.sizeBytes : (meta.lengthCodePoints ?? 0);
    console.log(`   ${meta.executorName} (${meta.id.slice(0, 8)}…, ${total} ${meta.kind === 'binary' ? 'bytes' : 'code points'}): ${coverage(entries, total)}`);
    for (const e of entries) console.log(`      ${e.mode.padEnd(5)} [${e.start}, ${e.end})${e.truncated ? ' truncated' : ''}`);
  }
  console.log(`\nEngine counters: ${JSON.stringify(metrics.counters())}`);
} catch (error) {
  await store.close();
  fail(error);
}
await store.close();
if (tempDir) rmSync(tempDir, { recursive: true, force: true });
else console.log(`\nKept ${dbPath}`);
