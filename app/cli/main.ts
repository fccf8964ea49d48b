// Entry of the `scratchpad-inspector` bin (bin/scratchpad-inspector.js registers tsx, then imports this).
import { EXIT } from './exit-codes';
import { processIo } from './io';
import { PROGRAM_NAME, runCli } from './program';

// stdout that cannot take more (a reader that stopped early as `| head` does: EPIPE; a full disk: ENOSPC) ends
// the command with one line and exit 5, never a stack trace. A failing stderr leaves nowhere to say it.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  const cause = error.code === 'EPIPE' ? 'the reader closed the pipe' : error.code === 'ENOSPC' ? 'no space left on device' : error.message;
  try {
    process.stderr.write(`${PROGRAM_NAME}: cannot write to stdout: ${cause} (${error.code ?? 'error'})\n`);
  } finally {
    process.exit(EXIT.FAILURE);
  }
});
process.stderr.on('error', () => process.exit(EXIT.FAILURE));

process.exitCode = await runCli(process.argv.slice(2), processIo());
