import { DemoDatabaseExistsError, demoSummaryLine, writeDemoDatabase, type DemoResult } from '../../demo';
import { CliError } from '../exit-codes';
import type { CliIo } from '../io';
import { printJson } from './common';
import { targetFailure } from './export';

/** Arguments of `demo-db`. */
export interface DemoDbArgs {
  readonly path: string;
  readonly force: boolean;
  readonly json: boolean;
}

/**
 * `demo-db PATH`: writes the demo database (app/demo) at PATH, as a temporary file renamed into place. An
 * existing file is an error (EXISTS, exit 5) unless `force`; a missing folder, a directory, a non-regular file
 * or a database's side file is refused (exit 5) and nothing is created. JSON: `{ path, rows, owners, turns }` plus every written entry (`entries`).
 */
export async function runDemoDb(args: DemoDbArgs, io: CliIo): Promise<DemoResult> {
  let result: DemoResult;
  try {
    result = await writeDemoDatabase(args.path, { overwrite: args.force, now: io.now() });
  } catch (e) {
    if (e instanceof DemoDatabaseExistsError) throw new CliError('EXISTS', e.message);
    throw targetFailure(e);
  }
  if (args.json) printJson(io, result);
  else io.stdout.write(demoSummaryLine(result));
  return result;
}
