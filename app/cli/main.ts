// Entry of the `scratchpad-inspector` bin (bin/scratchpad-inspector.js registers tsx, then imports this).
import { processIo } from './io';
import { runCli } from './program';

process.exitCode = await runCli(process.argv.slice(2), processIo());
