/** A stream the CLI writes to: process.stdout/stderr, or a capture in tests. */
export interface CliStream {
  write(chunk: string | Uint8Array): boolean;
  readonly isTTY?: boolean;
  /** Terminal width in columns, when a terminal. */
  readonly columns?: number;
  /** Set once the stream failed or closed (a Node stream's own flag). */
  readonly destroyed?: boolean;
  /** A Node stream's `once`, for 'drain', 'error' and 'close'. */
  once?(event: 'drain' | 'error' | 'close', listener: (error?: unknown) => void): unknown;
  /** A Node stream's `removeListener`. */
  removeListener?(event: 'drain' | 'error' | 'close', listener: (error?: unknown) => void): unknown;
}

/**
 * Writes `chunk` and, when the stream asks for it (write returned false), waits for 'drain', so a long output
 * holds at most one chunk in memory. Rejects (IO) when the stream failed: a closed pipe or a full disk.
 */
export async function writeAll(stream: CliStream, chunk: string | Uint8Array): Promise<void> {
  if (stream.destroyed) throw Object.assign(new Error('cannot write to stdout: the stream is closed'), { code: 'EPIPE' });
  if (stream.write(chunk) || !stream.once) return;
  await new Promise<void>((resolve, reject) => {
    const done = (error?: unknown) => {
      for (const event of ['drain', 'close', 'error'] as const) stream.removeListener?.(event, done);
      if (error === undefined && !stream.destroyed) resolve();
      else reject(error instanceof Error ? error : Object.assign(new Error('cannot write to stdout: the stream is closed'), { code: 'EPIPE' }));
    };
    for (const event of ['drain', 'close', 'error'] as const) stream.once?.(event, done);
  });
}

/** Everything the CLI touches outside the store: streams, environment, clock. */
export interface CliIo {
  readonly stdout: CliStream;
  readonly stderr: CliStream;
  readonly env: Readonly<Record<string, string | undefined>>;
  /** Wall clock in Unix seconds (float): relative times and the store's clock. */
  readonly now: () => number;
}

/** The real process's io. */
export function processIo(): CliIo {
  return { stdout: process.stdout, stderr: process.stderr, env: process.env, now: () => Date.now() / 1000 };
}

/**
 * Whether to colour output written to `stream`: never when NO_COLOR is set and non-empty (no-color.org),
 * always when FORCE_COLOR is set to anything but 0 or false (empty counts, as in Node), else only on a terminal.
 */
export function colorEnabled(stream: CliStream, env: CliIo['env']): boolean {
  if (env.NO_COLOR) return false;
  if (env.FORCE_COLOR !== undefined && env.FORCE_COLOR !== '0' && env.FORCE_COLOR !== 'false') return true;
  return stream.isTTY === true;
}

const CODES = { bold: [1, 22], dim: [2, 22], red: [31, 39], green: [32, 39], yellow: [33, 39], cyan: [36, 39] } as const;

/** A style name of {@link Paint}. */
export type Style = keyof typeof CODES;

/** Applies an ANSI style when colour is on, else returns the text unchanged. */
export type Paint = (style: Style, text: string) => string;

/** A {@link Paint} for the given colour switch. */
export function painter(color: boolean): Paint {
  return (style, text) => (color ? `\u001b[${CODES[style][0]}m${text}\u001b[${CODES[style][1]}m` : text);
}
