import type { Principal } from '../../contract';
import { colorEnabled, painter, type CliIo, type Paint } from '../io';

/** Arguments every command gets: who is asking and the output mode. */
export interface CommonArgs {
  readonly principal: Principal;
  /** Print the command's result as JSON (2-space, one trailing newline) instead of a human table. */
  readonly json: boolean;
}

/** Writes `value` as 2-space JSON plus a newline to stdout. */
export function printJson(io: CliIo, value: unknown): void {
  io.stdout.write(JSON.stringify(value, null, 2) + '\n');
}

/** The painter for stdout (colour only on a terminal, never with NO_COLOR). */
export function stdoutPaint(io: CliIo): Paint {
  return painter(colorEnabled(io.stdout, io.env));
}

/** The painter for stderr. */
export function stderrPaint(io: CliIo): Paint {
  return painter(colorEnabled(io.stderr, io.env));
}

/** Width available for a table on stdout: the terminal's, else 160 columns. */
export function outputWidth(io: CliIo): number {
  return io.stdout.isTTY && io.stdout.columns ? io.stdout.columns : 160;
}
