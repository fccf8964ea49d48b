// Entry of the `scratchpad-inspector` bin (bin/scratchpad-inspector.js registers tsx, then imports this).
import { processIo } from './io';
import { PROGRAM_NAME, runCli } from './program';
import { exitOnStdoutError } from './stdout-errors';

exitOnStdoutError(PROGRAM_NAME);
process.exitCode = await runCli(process.argv.slice(2), processIo());
