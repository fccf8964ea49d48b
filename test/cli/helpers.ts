import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CliIo, CliStream } from '../../app/cli/io';
import { runCli } from '../../app/cli/program';
import { copyFixtureTo } from '../fixtures/metnos-v1';

export { FIXTURE_DB as V1_FIXTURE, FIXTURE_EXPECTED as V1_EXPECTED_PATH } from '../fixtures/metnos-v1';

/** A stream that keeps what is written. */
export class Capture implements CliStream {
  readonly chunks: Buffer[] = [];
  constructor(
    readonly isTTY = false,
    readonly columns?: number,
  ) {}
  write(chunk: string | Uint8Array): boolean {
    this.chunks.push(typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : Buffer.from(chunk));
    return true;
  }
  bytes(): Buffer {
    return Buffer.concat(this.chunks);
  }
  text(): string {
    return this.bytes().toString('utf8');
  }
}

/** Result of one in-process CLI run. */
export interface Run {
  readonly code: number;
  readonly stdout: string;
  readonly stdoutBytes: Buffer;
  readonly stderr: string;
}

/** Options of {@link cli}. */
export interface RunOptions {
  readonly now?: number;
  readonly stdoutTTY?: boolean;
  readonly stderrTTY?: boolean;
  readonly env?: Record<string, string | undefined>;
}

/** Runs the CLI in-process with captured streams and a fixed clock. */
export async function cli(argv: readonly string[], options: RunOptions = {}): Promise<Run> {
  const stdout = new Capture(options.stdoutTTY ?? false, 120);
  const stderr = new Capture(options.stderrTTY ?? false, 120);
  const now = options.now ?? Date.now() / 1000;
  const io: CliIo = { stdout, stderr, env: options.env ?? {}, now: () => now };
  const code = await runCli(argv, io);
  return { code, stdout: stdout.text(), stdoutBytes: stdout.bytes(), stderr: stderr.text() };
}

/** A fresh temp folder and its removal. */
export function tempDir(prefix: string): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** A writable copy of the metnos-v1 fixture in `dir`. */
export function copyV1Fixture(dir: string, name = 'metnos-v1.db'): string {
  return copyFixtureTo(join(dir, name));
}

/** Asserts stderr is exactly one line naming the cause. */
export function oneLine(stderr: string): string {
  const lines = stderr.split('\n').filter((l) => l !== '');
  if (lines.length !== 1) throw new Error(`expected one stderr line, got ${JSON.stringify(stderr)}`);
  return lines[0] as string;
}
