/*
 * A child process of the open-while-writing test: puts `count` observations of 16 KiB, one transaction each, so
 * the WAL fills and checkpoints grow the file while the parent opens it. Prints the count; exits 1 on failure.
 */
import { openScratchpad } from '../../../app/scratchpad';

const [file, countArg] = process.argv.slice(2) as [string, string];
const writer = { kind: 'user' as const, userId: 'writer' };
try {
  const sp = await openScratchpad(file);
  const count = Number(countArg);
  for (let i = 0; i < count; i++) {
    await sp.put(writer, { turnId: `turn-${i % 10}`, stepNum: i, executorName: 'steady', observation: `row ${i} `.repeat(2048).slice(0, 16_384) });
  }
  await sp.close();
  process.stdout.write(String(count));
} catch (err) {
  process.stderr.write(`${(err as { code?: string }).code ?? ''} ${(err as Error).message}\n`);
  process.exit(1);
}
