import { describe, expect, it } from 'vitest';
import { appendSlice, prependSlice } from '../../renderer/src/views/entry/textWindow';

describe('appendSlice', () => {
  it('joins the next slice when it starts at the window end', () => {
    expect(appendSlice({ start: 10, end: 13, text: 'abc' }, 'de', 13, 15, 100)).toEqual({ view: { start: 10, end: 15, text: 'abcde' }, droppedLines: 0 });
  });
  it('trims whole code points from the front to stay within the maximum, counting the lines dropped', () => {
    expect(appendSlice({ start: 0, end: 4, text: 'x\n😀\n' }, 'yz', 4, 6, 3)).toEqual({ view: { start: 3, end: 6, text: '\nyz' }, droppedLines: 1 });
  });
  it('replaces the window when the slice is not contiguous', () => {
    expect(appendSlice({ start: 0, end: 3, text: 'abc' }, 'zz', 50, 52, 100)).toEqual({ view: { start: 50, end: 52, text: 'zz' }, droppedLines: 0 });
  });
});

describe('prependSlice', () => {
  it('joins the previous slice and trims the back to the maximum', () => {
    expect(prependSlice({ start: 5, end: 8, text: 'fgh' }, 'a\nc\ne', 0, 5, 6)).toEqual({ view: { start: 0, end: 6, text: 'a\nc\nef' }, addedLines: 2 });
  });
  it('keeps the whole window when it fits', () => {
    expect(prependSlice({ start: 2, end: 4, text: 'cd' }, 'ab', 0, 2, 10)).toEqual({ view: { start: 0, end: 4, text: 'abcd' }, addedLines: 0 });
  });
});
