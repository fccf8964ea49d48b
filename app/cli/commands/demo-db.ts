import { demoSummaryLine, writeDemoDatabase, type DemoResult } from '../../demo';
import type { CliIo } from '../io';
import { printJson } from './common';

/** Arguments of `demo-db`. */
export interface DemoDbArgs {
  readonly path: string;
  readonly force: boolean;
  readonly json: boolean;
  /** The file the global --db names (never replaced, even with --force); absent without --db or for a URL. */
  readonly db?: string;
}

/**
 * `demo-db PATH`: writes the demo database (app/demo) at PATH, as a temporary file renamed into place. An
 * existing file is an error (EXISTS, exit 5) unless `force`; a missing folder, a directory, a non-regular file,
 * a database's side file, and the file --db names with its side files are refused (exit 5) and nothing is created. JSON: `{ path, rows, owners, turns }` plus every written entry (`entries`).
 */
export async function runDemoDb(args: DemoDbArgs, io: CliIo): Promise<DemoResult> {
  const result = await writeDemoDatabase(args.path, {
    overwrite: args.force,
    now: io.now(),
    forceHint: '--force',
    protect: args.db === undefined ? [] : [args.db],
  });
  if (args.json) printJson(io, result);
  else io.stdout.write(demoSummaryLine(result));
  return result;
}
