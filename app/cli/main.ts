// Entry of the `scratchpad-inspector` bin (bin/scratchpad-inspector.js registers tsx, then imports this).
import { processIo } from './io';
import { runCli } from './program';

// A reader that stops early (`| head`) closes the pipe: stop quietly, as a shell tool does, not with a stack.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw error;
  });
}

process.exitCode = await runCli(process.argv.slice(2), processIo());
