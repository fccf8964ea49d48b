import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor } from '../../app/scratchpad/core/cursor';

describe('decodeCursor', () => {
  it('gives back the sort value and turn id of encodeCursor, an infinite expiry included', () => {
    for (const key of [0, 1_800_000_000.25, Infinity, -Infinity]) {
      expect(decodeCursor(encodeCursor('earliestExpires', 'asc', key, 't-1'), 'earliestExpires', 'asc')).toEqual({ key, turnId: 't-1' });
    }
    expect(decodeCursor(encodeCursor('turnId', 'desc', 'Infinity', 'Infinity'), 'turnId', 'desc')).toEqual({ key: 'Infinity', turnId: 'Infinity' });
  });

  it('refuses a cursor of another sort or direction, or with a key that is no number', () => {
    const c = encodeCursor('totalBytes', 'desc', 10, 't');
    expect(() => decodeCursor(c, 'totalBytes', 'asc')).toThrow(expect.objectContaining({ code: 'INVALID_ARGUMENT' }));
    expect(() => decodeCursor(c, 'entryCount', 'desc')).toThrow(expect.objectContaining({ code: 'INVALID_ARGUMENT' }));
    const bad = Buffer.from(JSON.stringify(['totalBytes', 'desc', 'Infinity-ish', 't'])).toString('base64url');
    expect(() => decodeCursor(bad, 'totalBytes', 'desc')).toThrow(expect.objectContaining({ code: 'INVALID_ARGUMENT' }));
  });
});
