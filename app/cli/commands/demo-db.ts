import { DemoDatabaseExistsError, writeDemoDatabase, type DemoResult } from '../../demo';
import { CliError } from '../exit-codes';
import type { CliIo } from '../io';
import { printJson } from './common';

/** Arguments of `demo-db`. */
export interface DemoDbArgs {
  readonly path: string;
  readonly force: boolean;
  readonly json: boolean;
}

/**
 * `demo-db PATH`: writes the demo database (app/demo) at PATH. An existing file is an error (EXISTS, exit 5)
 * unless `force`. JSON: `{ path, rows, owners, turns }` plus every written entry (`entries`).
 */
export async function runDemoDb(args: DemoDbArgs, io: CliIo): Promise<DemoResult> {
  let result: DemoResult;
  try {
    result = await writeDemoDatabase(args.path, { overwrite: args.force, now: io.now() });
  } catch (e) {
    if (e instanceof DemoDatabaseExistsError) throw new CliError('EXISTS', e.message);
    throw e;
  }
  if (args.json) printJson(io, result);
  else io.stdout.write(`Wrote ${result.rows} rows in ${result.turns} turns for ${result.owners.join(', ')} to ${result.path}\n`);
  return result;
}
