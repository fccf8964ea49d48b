import { openScratchpad } from '../../../app/scratchpad';
import { contentOf } from './content';

/*
 * A separate process on a PostgreSQL store (killed with SIGKILL by the tests, or run to the end).
 *   put <url> <name> <rounds> <codePoints>: puts text `contentOf(name, i, codePoints)` for user <name>, printing
 *     each id once its put has returned (committed); every third row is born expired (gc fodder).
 *   gc <url> <rounds>: runs gc as the operator <rounds> times (0: until killed), printing the rows removed.
 */

async function main(): Promise<void> {
  const [mode, url, ...rest] = process.argv.slice(2);
  const store = await openScratchpad(url as string);
  try {
    if (mode === 'put') {
      const [name, rounds, codePoints] = [rest[0] as string, Number(rest[1]), Number(rest[2])];
      for (let i = 0; i < rounds; i++) {
        const h = await store.put(
          { kind: 'user', userId: name },
          {
            turnId: `turn-${name}-${i % 5}`,
            stepNum: i,
            executorName: 'shell',
            observation: contentOf(name, i, codePoints),
            ttlSeconds: i % 3 === 2 ? -1 : 3600,
          },
        );
        process.stdout.write(`${h.scratchpad_id}\n`);
      }
    } else {
      const rounds = Number(rest[0]);
      for (let i = 0; rounds === 0 || i < rounds; i++) process.stdout.write(`${(await store.gc({ kind: 'operator' })).deletedRows}\n`);
    }
  } finally {
    await store.close();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`${String(err)}\n`);
  process.exit(1);
});
