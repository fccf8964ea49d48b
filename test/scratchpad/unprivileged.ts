// Running a check as a process that file modes really bind. The tests run as root here, and root ignores
// modes (CAP_DAC_OVERRIDE): a 0000 file is readable and a 0555 folder writable, so a test of them in-process
// would pass whatever the code does. As root the child runs under `setpriv` without CAP_DAC_OVERRIDE and
// CAP_DAC_READ_SEARCH (still uid 0, so the files stay its own and the owner's mode bits apply); as anyone else
// it runs as is. `unprivilegedSkip` says why when neither is possible.
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const DROP = ['setpriv', '--bounding-set=-dac_override,-dac_read_search', '--'];
const isRoot = process.getuid?.() === 0;

/** Null when the checks can run; else why not (no setpriv, or dropping the capabilities does not bind modes). */
function probeSkip(): string | null {
  if (!isRoot) return null;
  const dir = mkdtempSync(join(tmpdir(), 'unpriv-'));
  try {
    chmodSync(dir, 0o555);
    const run = spawnSync(DROP[0]!, [...DROP.slice(1), 'sh', '-c', `: > '${dir}/x'`], { stdio: 'ignore' });
    if (run.error) return `setpriv is not available (${run.error.message}): cannot drop root's file-permission override`;
    return run.status === 0 ? 'setpriv ran but a 0555 folder stayed writable: modes do not bind here' : null;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Why the unprivileged checks are skipped, or null when they run. */
export const unprivilegedSkip = probeSkip();

/** The command line running `node --import tsx script ...args` as a process file modes bind. */
export function unprivilegedCommand(script: string, args: readonly string[]): [string, ...string[]] {
  return [...(isRoot ? DROP : []), process.execPath, '--import', 'tsx', script, ...args] as [string, ...string[]];
}

/** Runs `node --import tsx script ...args` as a process file modes bind; resolves with its exit code and output. */
export function runUnprivileged(script: string, args: readonly string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const command = unprivilegedCommand(script, args);
  const child = spawn(command[0], command.slice(1), { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}
