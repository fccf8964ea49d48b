import { ScratchpadError } from '../contract';
import { MAX_BUSY_TIMEOUT_MS } from '../common/limits';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import type { Scratchpad } from '../scratchpad/types';
import { isPostgresUrl } from '../scratchpad';
import { runDemoDb } from './commands/demo-db';
import { runDiff } from './commands/diff';
import { runExport } from './commands/export';
import { runGc } from './commands/gc';
import { runLs } from './commands/ls';
import { GREP_DEFAULT_LIMIT, GREP_MAX_LIMIT, runGrep } from './commands/grep';
import { runRead } from './commands/read';
import { parseLinesSpec, runReadLines } from './commands/read-lines';
import { runReads } from './commands/reads';
import { runShow, showTarget } from './commands/show';
import { runStats } from './commands/stats';
import { runTurns, V1_USER_NOTE } from './commands/turns';
import type { CommonArgs } from './commands/common';
import { EXIT, describeFailure } from './exit-codes';
import type { CliIo } from './io';
import { openForCommand, principalOf, type GlobalOptions } from './open';

/** The bin's name, as package.json's `bin` declares it. */
export const PROGRAM_NAME = 'scratchpad-inspector';

const EXIT_HELP = `
Examples:
  scratchpad-inspector --db ./scratchpad.db turns
  scratchpad-inspector --owner alice ls 5d62b768ff33bd0b
  scratchpad-inspector read 9f2c41d07be85a3361c4f0e2d8ab17c5000000000012 --range 100 200
  scratchpad-inspector read 5be0a7c3194df62e88a01b7c4e2f9d63000000000007 --raw > image.png
  scratchpad-inspector gc --dry-run --json
  scratchpad-inspector diff ID1 ID2 --context 5    (exit 0 same, 1 different)

Exit codes: 0 success, 1 not found (entry, turn or database file), 2 usage error, 3 busy (database locked),
4 corrupt or unsupported file, 5 other failure (file exists, read-only file, write error, stdout closed or full).
diff, as diff(1): 0 same, 1 different, 2 not found or usage error, 3-5 as above.`;

const DEFAULT_DB_HELP = `

Default database: $METNOS_USER_DATA/scratchpad.db or ~/.local/share/metnos/scratchpad.db if it exists,
else the app's own ($XDG_CONFIG_HOME or ~/.config)/Scratchpad Inspector/scratchpad.db.`;

/** `--sort` values: the short names the help shows, and the store's own names (still accepted). */
const SORT_KEYS = { time: 'lastCreated', size: 'totalBytes', lastCreated: 'lastCreated', totalBytes: 'totalBytes' } as const;

function version(): string {
  try {
    return (JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'package.json'), 'utf8')) as { version: string }).version;
  } catch {
    return '0.0.0';
  }
}

/** What a count past the largest safe integer is told (after commander's "argument 'N' is invalid."). */
const TOO_LARGE = `must be an integer from 0 to ${Number.MAX_SAFE_INTEGER}`;

/** commander argParser: an integer >= 1 (one message for every refused value, 0 included). */
function positiveInt(value: string): number {
  let n = 0;
  try {
    n = nonNegativeInt(value);
  } catch (e) {
    if ((e as Error).message === TOO_LARGE) throw new InvalidArgumentError(`must be an integer from 1 to ${Number.MAX_SAFE_INTEGER}`);
  }
  if (n === 0) throw new InvalidArgumentError('must be an integer >= 1');
  return n;
}

/** commander argParser: an integer >= 0 (commander reports a bad value as a usage error). */
export function nonNegativeInt(value: string): number {
  if (!/^\d+$/.test(value.trim())) throw new InvalidArgumentError('must be an integer >= 0');
  const n = Number(value);
  if (!Number.isSafeInteger(n)) throw new InvalidArgumentError(TOO_LARGE);
  return n;
}

/** The last Unix second a JavaScript Date holds (year 275760): a later --now could not be printed, nor be a time. */
const MAX_UNIX_SECONDS = 8_640_000_000_000;

/** commander argParser: --busy-timeout, an integer of ms SQLite takes (one message for every refused value). */
function busyTimeoutMs(value: string): number {
  let n = -1;
  try {
    n = nonNegativeInt(value);
  } catch {
    // refused below with the one message
  }
  if (n < 0 || n > MAX_BUSY_TIMEOUT_MS) throw new InvalidArgumentError(`must be an integer from 0 to ${MAX_BUSY_TIMEOUT_MS}`);
  return n;
}

/** commander argParser: Unix seconds in (0, MAX_UNIX_SECONDS], refused before the file is opened (gc deletes). */
function positiveSeconds(value: string): number {
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n) || n <= 0) throw new InvalidArgumentError('must be Unix seconds > 0');
  if (n > MAX_UNIX_SECONDS) throw new InvalidArgumentError(`must be Unix seconds at most ${MAX_UNIX_SECONDS} (year 275760)`);
  return n;
}

function rangeOf(values: readonly string[] | undefined): [number, number] | undefined {
  if (values === undefined) return undefined;
  if (values.length !== 2) throw new ScratchpadError('USAGE', `--range takes START END, got ${values.length} value(s)`);
  const parse = (v: string, name: string) => {
    try {
      return nonNegativeInt(v);
    } catch (e) {
      throw new ScratchpadError('USAGE', `--range ${name} '${v}' ${(e as Error).message}`);
    }
  };
  return [parse(values[0] as string, 'START'), parse(values[1] as string, 'END')];
}

/**
 * What a command reports besides its output: the exit code on success (diff: 1 when the entries differ) and the
 * lowest exit code its errors may use (diff: 2, so that an error never reads as diff(1)'s "different").
 */
export interface CommandOutcome {
  exitCode: number;
  minErrorExit: number;
}

/**
 * The commander program over `io`. Each store command opens the database (read-only unless a real gc), runs
 * its `run*` function (app/cli/commands) and closes it. Errors propagate to {@link runCli}.
 */
export function buildProgram(io: CliIo, outcome: CommandOutcome = { exitCode: EXIT.OK, minErrorExit: 0 }): Command {
  const program = new Command(PROGRAM_NAME)
    .description('Inspect, read and gc the observation scratchpad of AI-agent runtimes (v2 and Metnos v1 files).')
    .version(version(), '-V, --version')
    .option(
      '--db <path>',
      "scratchpad database file or postgres:// URL (PG* environment and ~/.pgpass honoured; default: the desktop app's file, see Default database below)",
    )
    .option('--owner <id>', 'view as this user: only their rows')
    .option('--operator', "view as the operator: every owner's rows (the default)")
    .option('--json', 'print machine-readable JSON on stdout')
    .addOption(new Option('--busy-timeout <ms>', 'wait this long for a locked database').argParser(busyTimeoutMs).default(5000))
    .addHelpText('after', EXIT_HELP)
    .configureHelp({ showGlobalOptions: true })
    .exitOverride()
    .configureOutput({ writeOut: (s) => io.stdout.write(s), writeErr: (s) => io.stderr.write(s), outputError: () => {} });

  const globals = (cmd: Command) => cmd.optsWithGlobals<GlobalOptions>();
  const common = (cmd: Command): CommonArgs => ({ principal: principalOf(globals(cmd)), json: globals(cmd).json === true });
  // `db`: a file chosen by the arguments themselves (a deep link), in place of --db.
  const withStore = async <T>(cmd: Command, write: boolean, run: (store: Scratchpad) => T | Promise<T>, db?: string) => {
    const { principal } = common(cmd); // usage errors in --owner/--operator come before touching the file
    const store = await openForCommand(db === undefined ? globals(cmd) : { ...globals(cmd), db }, io, write);
    // Always said (also to a pipe): without it an empty answer reads as "the file is empty".
    if (store.format === 'metnos-v1' && principal.kind === 'user') io.stderr.write(`note: ${V1_USER_NOTE}\n`);
    try {
      await run(store);
    } finally {
      await store.close();
    }
  };

  /** The full id of an id or unique prefix (8+ hex digits) among the principal's own entries. */
  const fullId = (cmd: Command, store: Scratchpad, id: string) => store.resolveId(common(cmd).principal, id);

  program
    .command('turns')
    .description('list turns, most recent first')
    .addOption(new Option('--limit <n>', 'at most this many turns').argParser(positiveInt))
    .option('--query <text>', 'only turns whose id or executor names contain this text')
    .addOption(new Option('--sort <key>', 'sort key: time (last activity) or size (total bytes)').choices(Object.keys(SORT_KEYS)))
    .action((opts: { limit?: number; query?: string; sort?: keyof typeof SORT_KEYS }, cmd: Command) =>
      withStore(cmd, false, (store) => runTurns(store, { ...common(cmd), ...opts, sort: opts.sort === undefined ? undefined : SORT_KEYS[opts.sort] }, io)),
    );

  program
    .command('ls')
    .argument('<turn-id>', 'turn id')
    .description("list a turn's entries, ordered by step")
    .action((turnId: string, _opts, cmd: Command) => withStore(cmd, false, (store) => runLs(store, { ...common(cmd), turnId }, io)));

  program
    .command('show')
    .argument('<id>', 'entry id (or a unique prefix of it, 8+ hex digits), or a scratchpad-inspector://open?db=…&id=… link (its file instead of --db)')
    .description('describe an entry: metadata, sha256, synthetic handle, expiry')
    .action((id: string, _opts, cmd: Command) => {
      const target = showTarget(id, globals(cmd).db);
      // A link picks the file, never who views (--owner/--operator still decide); the file it opens is said.
      if (target.db !== undefined) io.stderr.write(`file: ${target.db} (from the link)\n`);
      return withStore(cmd, false, async (store) => runShow(store, { ...common(cmd), id: await fullId(cmd, store, target.id) }, io), target.db);
    });

  const range = new Option('--range <start> <end...>', 'code points (text) or bytes (binary) [START, END)');
  range.flags = '--range <start> <end>'; // variadic parsing, two-value help text
  program
    .command('read')
    .argument('<id>', 'entry id or a unique prefix of it (8+ hex digits)')
    .description('print an entry or exactly the slice asked, streamed: text as text, binary as a hex dump (no option: the whole value)')
    .addOption(new Option('--head <n>', 'the first N code points (text) or bytes (binary)').argParser(nonNegativeInt))
    .addOption(new Option('--tail <n>', 'the last N code points (text) or bytes (binary)').argParser(nonNegativeInt))
    .addOption(range)
    .option('--lines <start:end>', 'lines [START, END) of a text entry, 0-based (END may be empty: to the last line)')
    .option('--raw', 'write the bytes themselves to stdout (not to a terminal)')
    .action((id: string, opts: { head?: number; tail?: number; range?: string[]; lines?: string; raw?: boolean }, cmd: Command) => {
      if (opts.lines !== undefined) {
        if (opts.head !== undefined || opts.tail !== undefined || opts.range !== undefined || opts.raw === true) {
          throw new ScratchpadError('USAGE', '--lines cannot be combined with --head, --tail, --range or --raw');
        }
        const spec = parseLinesSpec(opts.lines);
        return withStore(cmd, false, async (store) => runReadLines(store, { ...common(cmd), id: await fullId(cmd, store, id), ...spec }, io));
      }
      return withStore(cmd, false, async (store) =>
        runRead(
          store,
          { ...common(cmd), id: await fullId(cmd, store, id), head: opts.head, tail: opts.tail, range: rangeOf(opts.range), raw: opts.raw === true },
          io,
        ),
      );
    });

  program
    .command('grep')
    .argument('<pattern>', 'literal text (or a JavaScript regex with -E; hex digits with --hex)')
    .description('search the content of the rows you may see: one line per hit, id:line:offset: preview (exit 0 matched, 1 nothing, 2 bad usage or regex)')
    .option('--id <id>', 'only this entry (its id or a unique prefix of it, 8+ hex digits)')
    .option('--turn <turn-id>', "only this turn's entries")
    .option('-i, --ignore-case', 'Unicode case folding (ß matches SS)')
    .option('-E, --regex', 'PATTERN is a JavaScript regex (2 s time budget; ^ and $ anchor the entry, not each line)')
    .option('--hex', 'PATTERN is hex digits, matched as bytes in binary rows')
    .addOption(new Option('--limit <n>', `most hits printed (default ${GREP_DEFAULT_LIMIT}, at most ${GREP_MAX_LIMIT})`).argParser(positiveInt))
    .action((pattern: string, opts: { id?: string; turn?: string; ignoreCase?: boolean; regex?: boolean; hex?: boolean; limit?: number }, cmd: Command) =>
      withStore(cmd, false, async (store) => {
        // --id as every command takes an id: a unique prefix, any case (with --turn runGrep refuses the pair first).
        const id = opts.id === undefined || opts.turn !== undefined ? opts.id : await fullId(cmd, store, opts.id);
        // A turn the principal has no row in is NOT_FOUND, as ls says it (a typo would otherwise read as "no match").
        if (opts.turn !== undefined && opts.id === undefined && (await store.listForTurn(common(cmd).principal, opts.turn)).length === 0) {
          throw new ScratchpadError('NOT_FOUND', `turn ${opts.turn} not found`);
        }
        outcome.exitCode = await runGrep((p, r) => store.search(p, r), { ...common(cmd), pattern, ...opts, ...(id === undefined ? {} : { id }) }, io);
      }),
    );

  program
    .command('reads')
    .argument('[id]', 'entry id or a unique prefix of it (8+ hex digits)')
    .option('--turn <turn-id>', "every read of the turn's entries")
    .description('the read log: which slices the model read back (time, mode, range, unit, truncated, who) and the coverage')
    .action((id: string | undefined, opts: { turn?: string }, cmd: Command) =>
      withStore(cmd, false, async (store) =>
        runReads(store, { ...common(cmd), id: id === undefined ? undefined : await fullId(cmd, store, id), turnId: opts.turn }, io),
      ),
    );

  program
    .command('stats')
    .description('counts and sizes (per owner for the operator)')
    .action((_opts, cmd: Command) => withStore(cmd, false, (store) => runStats(store, common(cmd), io)));

  program
    .command('gc')
    .description('delete expired rows (expiresAt <= now)')
    .option('--dry-run', 'only count what would be deleted')
    .addOption(new Option('--now <unix-seconds>', 'collect as of this time (default: now)').argParser(positiveSeconds))
    .action((opts: { dryRun?: boolean; now?: number }, cmd: Command) =>
      withStore(cmd, opts.dryRun !== true, (store) => runGc(store, { ...common(cmd), dryRun: opts.dryRun === true, now: opts.now }, io)),
    );

  program
    .command('export')
    .argument('<id>', 'entry id or a unique prefix of it (8+ hex digits)')
    .argument('<file>', 'file to write, or - for stdout')
    .description("stream an entry's raw content to a file (progress bar on a terminal); FILE changes only on success")
    .option('--force', 'replace FILE if it is an existing regular file')
    .action((id: string, file: string, opts: { force?: boolean }, cmd: Command) =>
      withStore(cmd, false, async (store) => runExport(store, { ...common(cmd), id: await fullId(cmd, store, id), file, force: opts.force === true }, io)),
    );

  program
    .command('diff')
    .argument('<id1>', 'entry id (old side)')
    .argument('<id2>', 'entry id (new side)')
    .description('compare two entries: unified diff (text), changed paths (JSON), first differing byte (binary); exit 0 same, 1 different, 2+ error')
    .addOption(new Option('--context <n>', 'lines of context around each change').argParser(nonNegativeInt).default(3))
    .option('--side-by-side', 'print the text diff in two columns')
    .action((id1: string, id2: string, opts: { context: number; sideBySide?: boolean }, cmd: Command) => {
      outcome.minErrorExit = EXIT.USAGE; // diff(1): 2 for trouble; codes above 2 keep their meaning
      return withStore(cmd, false, async (store) => {
        outcome.exitCode = await runDiff(
          store,
          {
            ...common(cmd),
            leftId: await fullId(cmd, store, id1),
            rightId: await fullId(cmd, store, id2),
            context: opts.context,
            sideBySide: opts.sideBySide === true,
          },
          io,
        );
      });
    });

  program
    .command('demo-db')
    .argument('<path>', 'file to create')
    .description('write a realistic multi-owner demo database')
    .option('--force', 'replace PATH if it exists')
    .action(async (path: string, opts: { force?: boolean }, cmd: Command) => {
      const { db, json } = globals(cmd);
      await runDemoDb({ path, force: opts.force === true, json: json === true, ...(db === undefined || isPostgresUrl(db) ? {} : { db }) }, io);
    });

  for (const command of program.commands) command.addHelpText('after', DEFAULT_DB_HELP);
  program.addHelpText('after', DEFAULT_DB_HELP);
  // Global options without a command (`--db FILE`): the same error as no arguments at all, not the help.
  program.allowExcessArguments(true).action((_opts, cmd: Command) => {
    if (cmd.args.length > 0) throw new ScratchpadError('USAGE', `unknown command '${cmd.args[0]}' (see ${PROGRAM_NAME} --help)`);
    throw new ScratchpadError('USAGE', NO_COMMAND);
  });
  return program;
}

const NO_COMMAND = `no command given (see ${PROGRAM_NAME} --help)`;

/**
 * Runs the CLI in-process on `argv` (without node and script) and returns the exit code (see EXIT_HELP).
 * Every failure becomes one line on stderr: `scratchpad-inspector: <cause>`, or with --json
 * `{"error":{"code","message"}}`.
 */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  const outcome: CommandOutcome = { exitCode: EXIT.OK, minErrorExit: 0 };
  const program = buildProgram(io, outcome);
  try {
    if (argv.length === 0) throw new ScratchpadError('USAGE', NO_COMMAND);
    await program.parseAsync([...argv], { from: 'user' });
    return outcome.exitCode;
  } catch (thrown) {
    let error = thrown;
    if (thrown instanceof CommanderError) {
      if (thrown.exitCode === 0) return EXIT.OK; // --help, --version
      error = new ScratchpadError('USAGE', `${thrown.message.replace(/^error: /, '')} (see ${PROGRAM_NAME} --help)`);
    }
    const failure = describeFailure(error);
    const json = argv.includes('--json');
    io.stderr.write(json ? JSON.stringify({ error: { code: failure.code, message: failure.message } }) + '\n' : `${PROGRAM_NAME}: ${failure.message}\n`);
    return Math.max(failure.exitCode, outcome.minErrorExit);
  }
}
