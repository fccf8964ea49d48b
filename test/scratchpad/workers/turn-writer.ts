/*
 * A child process of the turn-totals test: `rounds` times, puts into one of a few turns shared with the other
 * writer (same owner), with executors and TTLs that vary, now and then extends a turn's TTL or an entry's, and
 * runs gc. Exits 1 with the error on any failure.
 */
import { openScratchpad } from '../../../app/scratchpad';

const [file, name, roundsArg] = process.argv.slice(2) as [string, string, string];
const rounds = Number(roundsArg);
const me = { kind: 'user' as const, userId: 'shared' };
try {
  const sp = await openScratchpad(file);
  for (let i = 0; i < rounds; i++) {
    const turnId = `turn-${i % 4}`;
    const h = await sp.put(me, {
      turnId,
      stepNum: i,
      executorName: i % 3 === 0 ? null : `${name}-${i % 5}`,
      observation: `${name} ${i} `.repeat(1 + (i % 40) * 30),
      ttlSeconds: i % 6 === 0 ? -1 : 3600,
    });
    if (i % 7 === 0) await sp.extendTtl(me, { turnId: `turn-${(i + 1) % 4}` }, 7200);
    // Only a row that is live may be extended by id: an expired one may already be gone to the other writer's gc.
    if (i % 11 === 0 && i % 6 !== 0) await sp.extendTtl(me, { id: h.scratchpad_id }, -5);
    if (i % 9 === 0) await sp.gc(me);
  }
  await sp.close();
} catch (err) {
  process.stderr.write(`${(err as { code?: string }).code ?? ''} ${(err as Error).message}\n`);
  process.exit(1);
}
