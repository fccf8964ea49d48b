import { describe, expect, it } from 'vitest';
import { findStatus } from '../../renderer/src/views/entry/find/FindBar';
import type { FindState } from '../../renderer/src/views/entry/find/useFind';

const match = (offset: number) => ({ offset, length: 3 });
const state = (n: number, over: Partial<FindState> = {}): FindState => ({
  matches: Array.from({ length: n }, (_, i) => match(i * 10)),
  done: true,
  capped: false,
  scannedBytes: 100,
  error: null,
  ...over,
});

describe('find bar count line', () => {
  it('says match in the singular for one, matches for more, and keeps the + of a capped count', () => {
    expect(findStatus(state(1), -1, 'abc')).toBe('1 match');
    expect(findStatus(state(2), -1, 'abc')).toBe('2 matches');
    expect(findStatus(state(1_000, { capped: true }), -1, 'abc')).toBe('1,000+ matches');
  });
  it('gives the position of the selected match, the search in progress, none, and nothing for no pattern', () => {
    expect(findStatus(state(12), 2, 'abc')).toBe('3 of 12');
    expect(findStatus(state(40, { done: false }), -1, 'abc')).toBe('Searching… 40 so far');
    expect(findStatus(state(0, { done: false }), -1, 'abc')).toBe('Searching…');
    expect(findStatus(state(0), -1, 'abc')).toBe('No matches');
    expect(findStatus(state(3), -1, '')).toBe('');
  });
});
