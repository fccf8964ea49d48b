import { describe, expect, it } from 'vitest';
import { giveBackRegexWorker, takeRegexWorker } from '../../../app/scratchpad/search/regex-pool';
import { searchEntry } from '../../../app/scratchpad/search/search';
import { textEntry } from './helpers';

describe('regex worker pool', () => {
  it('hands the worker given back to the next taker, and ends a second one given back', async () => {
    const a = await takeRegexWorker();
    const b = await takeRegexWorker();
    expect(b.threadId).not.toBe(a.threadId);
    await giveBackRegexWorker(a);
    const exited = new Promise<number>((resolve) => b.once('exit', resolve));
    await giveBackRegexWorker(b);
    await exited;
    const again = await takeRegexWorker();
    expect(again.threadId).toBe(a.threadId);
    await giveBackRegexWorker(again);
  });

  it('serves searches one after another, also after one stopped at its deadline', async () => {
    const entry = textEntry(Buffer.from('a'.repeat(48) + '!', 'utf8'), 16, 'pool');
    const stopped = await searchEntry(entry, { pattern: '(a+)+$', regex: true }, { timeBudgetMs: 50 });
    expect(stopped.truncated).toBe(true);
    for (let i = 0; i < 3; i++) {
      const r = await searchEntry(entry, { pattern: 'a{3}!', regex: true });
      expect(r.hits.map((h) => [h.offset, h.length])).toEqual([[45, 4]]);
    }
  });
});
