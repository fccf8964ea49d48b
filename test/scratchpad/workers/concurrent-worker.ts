/*
 * A child process of the concurrency test: opens the shared file and, `rounds` times, puts one live and one
 * born-expired observation, reads its live rows back, and runs gc (its own user, or the operator every 5th
 * round). Prints the ids of its live rows as JSON; exits 1 with the error on any failure (e.g. BUSY).
 */
import { openScratchpad } from '../../../app/scratchpad';

const [file, name, roundsArg] = process.argv.slice(2) as [string, string, string];
const rounds = Number(roundsArg);
const me = { kind: 'user' as const, userId: name };
try {
  const sp = await openScratchpad(file);
  const live: string[] = [];
  for (let i = 0; i < rounds; i++) {
    const text = `${name}-${i}-`.repeat(50 + (i % 7) * 100);
    live.push((await sp.put(me, { turnId: `${name}-turn-${i % 3}`, stepNum: i, executorName: 'worker', observation: text, ttlSeconds: 3600 })).scratchpad_id);
    await sp.put(me, { turnId: `${name}-trash`, stepNum: i, executorName: 'worker', observation: `trash ${i}`, ttlSeconds: -1 });
    const got = (await sp.read(me, live[i] as string, { mode: 'full' })).content;
    if (got !== text) throw new Error(`read back mismatch at ${i}`);
    if (i % 4 === 0) await sp.listTurns(me);
    await sp.gc(i % 5 === 0 ? { kind: 'operator' } : me);
  }
  await sp.close();
  process.stdout.write(JSON.stringify(live));
} catch (err) {
  process.stderr.write(`${(err as { code?: string }).code ?? ''} ${(err as Error).message}\n`);
  process.exit(1);
}
