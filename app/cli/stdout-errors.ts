import { EXIT } from './exit-codes';

/**
 * Makes a full or closed stdout (a reader that stopped early as `| head` does: EPIPE; a full disk: ENOSPC) end
 * the process with one line on stderr, `NAME: cannot write to stdout: <cause> (<code>)`, and exit 5, never a
 * stack trace. `cleanup` runs first (e.g. removing a temporary folder). A failing stderr exits 5 silently.
 */
export function exitOnStdoutError(name: string, cleanup: () => void = () => {}): void {
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    const cause = error.code === 'EPIPE' ? 'the reader closed the pipe' : error.code === 'ENOSPC' ? 'no space left on device' : error.message;
    try {
      cleanup();
      process.stderr.write(`${name}: cannot write to stdout: ${cause} (${error.code ?? 'error'})\n`);
    } finally {
      process.exit(EXIT.FAILURE);
    }
  });
  process.stderr.on('error', () => process.exit(EXIT.FAILURE));
}
