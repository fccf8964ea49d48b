// A plain reference search for component tests (the store's real search is tested in test/scratchpad): every
// match of the pattern in each text entry, offsets and lengths in code points, the cursor an index into the list.
import type { Envelope, SearchHit, SearchRequest, SearchResult } from '../../app/contract';
import type { FakeEntry } from './fakeBridge';

const codePointIndex = (text: string, unit: number) => Array.from(text.slice(0, unit)).length;

/** All hits of `request` over `entries` (text rows only), in entry order then offset. */
export function referenceHits(entries: readonly FakeEntry[], request: SearchRequest, now = 1_700_000_100): SearchHit[] | { error: string } {
  let re: RegExp;
  try {
    const source = request.regex ? request.pattern : request.pattern.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    re = new RegExp(source, `gu${request.caseSensitive === false ? 'i' : ''}`);
  } catch (e) {
    return { error: `invalid regex: ${(e as Error).message}` };
  }
  const hits: SearchHit[] = [];
  for (const entry of entries) {
    const { meta } = entry;
    if (typeof entry.content !== 'string') continue;
    if (request.id !== undefined && meta.id !== request.id) continue;
    if (request.turnId !== undefined && meta.turnId !== request.turnId) continue;
    const text = entry.content;
    for (const m of text.matchAll(re)) {
      if (m[0].length === 0) continue;
      const offset = codePointIndex(text, m.index);
      const length = Array.from(m[0]).length;
      const line = text.slice(0, m.index).split('\n').length;
      const before = Array.from(text.slice(Math.max(0, m.index - 20), m.index));
      hits.push({
        id: meta.id,
        turnId: meta.turnId,
        stepNum: meta.stepNum,
        executorName: meta.executorName,
        kind: 'text',
        offset,
        length,
        line,
        preview: {
          text: before.join('') + m[0] + text.slice(m.index + m[0].length, m.index + m[0].length + 20),
          matchStart: before.length,
          matchLength: length,
        },
        expired: meta.expiry === 'expired' || (meta.expiresAt !== null && meta.expiresAt <= now),
      });
    }
  }
  return hits;
}

/** The fake `searchQuery` bridge method: pages of `limit` hits (default 100) with an index cursor. */
export function fakeSearchQuery(entries: readonly FakeEntry[]) {
  return (request: SearchRequest): Envelope<SearchResult> => {
    const all = referenceHits(entries, request);
    if ('error' in all) return { ok: false, error: { code: 'INVALID_ARGUMENT', message: all.error } };
    const from = request.cursor ? Number(request.cursor) : 0;
    const limit = request.limit ?? 100;
    const hits = all.slice(from, from + limit);
    const next = from + limit < all.length ? String(from + limit) : null;
    return { ok: true, value: { hits, nextCursor: next, scannedBytes: 100, truncated: false } };
  };
}
