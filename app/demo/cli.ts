// `npm run demo-db -- PATH [--force]`: writes the demo database (app/demo/index.ts) and prints what it wrote.
// Exit codes as the CLI's: 0 written, 2 usage error, 5 the file exists (without --force) or the write failed.
import { parseArgs } from 'node:util';
import { demoSummaryLine, writeDemoDatabase } from './index';

const USAGE = 'usage: npm run demo-db -- PATH [--force]';

async function main(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, allowPositionals: true, options: { force: { type: 'boolean', default: false }, help: { type: 'boolean', short: 'h' } } });
  } catch (e) {
    process.stderr.write(`demo-db: ${(e as Error).message}\n${USAGE}\n`);
    return 2;
  }
  if (parsed.values.help) {
    process.stdout.write(`${USAGE}\nWrites a multi-owner demo scratchpad (v2) at PATH; --force replaces an existing file.\n`);
    return 0;
  }
  const [path, ...extra] = parsed.positionals;
  if (!path || extra.length > 0) {
    process.stderr.write(`demo-db: expected exactly one PATH\n${USAGE}\n`);
    return 2;
  }
  try {
    const result = await writeDemoDatabase(path, { overwrite: parsed.values.force, forceHint: '--force' });
    process.stdout.write(demoSummaryLine(result));
    return 0;
  } catch (e) {
    // Every failure (the file exists, a refused target, a write error) is exit 5, as in the CLI.
    process.stderr.write(`demo-db: ${(e as Error).message}\n`);
    return 5;
  }
}

process.exitCode = await main(process.argv.slice(2));
