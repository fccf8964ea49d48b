import { describe, expect, it } from 'vitest';
import { MAX_SLICE, nextWindow, parseOffset, previousWindow, validateSlice, windowAt, lastWindow } from '../../renderer/src/views/entry/slice';

describe('parseOffset', () => {
  it('accepts whole numbers >= 0, trimming spaces', () => {
    expect(parseOffset('0')).toBe(0);
    expect(parseOffset(' 42 ')).toBe(42);
  });
  it('rejects negative numbers, fractions, exponents, words and empty input with a reason', () => {
    expect(parseOffset('-1')).toBe('must not be negative');
    expect(parseOffset('1.5')).toBe('must be a whole number');
    expect(parseOffset('1e3')).toBe('must be a whole number');
    expect(parseOffset('ten')).toBe('must be a whole number');
    expect(parseOffset('')).toBe('required');
    expect(parseOffset('99999999999999999999')).toBe('too large');
  });
});

describe('validateSlice', () => {
  const range = (start: string, end: string) => ({ mode: 'range' as const, n: '', start, end });

  it('builds head and tail requests from n', () => {
    expect(validateSlice({ mode: 'head', n: '100', start: '', end: '' }, 1000, 'code_points')).toEqual({ ok: true, request: { mode: 'head', n: 100 } });
    expect(validateSlice({ mode: 'tail', n: '7', start: '', end: '' }, 1000, 'bytes')).toEqual({ ok: true, request: { mode: 'tail', n: 7 } });
  });
  it('names the unit in the limit message: code points for text, bytes for binary', () => {
    const text = validateSlice({ mode: 'head', n: String(MAX_SLICE.code_points + 1), start: '', end: '' }, null, 'code_points');
    const binary = validateSlice({ mode: 'head', n: String(MAX_SLICE.bytes + 1), start: '', end: '' }, null, 'bytes');
    expect(text).toEqual({ ok: false, errors: { n: 'n must be at most 262,144 code points (the view holds about 1 MB)' } });
    expect(binary).toEqual({ ok: false, errors: { n: 'n must be at most 1,048,576 bytes (the view holds about 1 MB)' } });
  });
  it('accepts n exactly at the limit and rejects n = 0', () => {
    expect(validateSlice({ mode: 'head', n: String(MAX_SLICE.bytes), start: '', end: '' }, null, 'bytes')).toEqual({
      ok: true,
      request: { mode: 'head', n: MAX_SLICE.bytes },
    });
    expect(validateSlice({ mode: 'head', n: '0', start: '', end: '' }, null, 'bytes')).toEqual({ ok: false, errors: { n: 'n must be at least 1' } });
  });
  it('rejects negative and non-integer input per field', () => {
    expect(validateSlice(range('-5', '10'), 100, 'code_points')).toEqual({ ok: false, errors: { start: 'start must not be negative' } });
    expect(validateSlice(range('0', '2.5'), 100, 'code_points')).toEqual({ ok: false, errors: { end: 'end must be a whole number' } });
    expect(validateSlice({ mode: 'tail', n: 'abc', start: '', end: '' }, 100, 'code_points')).toEqual({ ok: false, errors: { n: 'n must be a whole number' } });
  });
  it('rejects start > end and empty ranges (end is exclusive)', () => {
    expect(validateSlice(range('20', '10'), 100, 'bytes')).toEqual({ ok: false, errors: { end: 'end must not be before start' } });
    expect(validateSlice(range('10', '10'), 100, 'bytes')).toEqual({ ok: false, errors: { end: 'end must be greater than start (end is exclusive)' } });
  });
  it('keeps ranges inside the entry: end <= total, start < total', () => {
    expect(validateSlice(range('0', '100'), 100, 'bytes')).toEqual({ ok: true, request: { mode: 'range', start: 0, end: 100 } });
    expect(validateSlice(range('0', '101'), 100, 'bytes')).toEqual({ ok: false, errors: { end: 'end must be at most the length (100 bytes)' } });
    expect(validateSlice(range('100', '150'), 100, 'bytes')).toEqual({
      ok: false,
      errors: { start: 'start must be below the length (100 bytes)', end: 'end must be at most the length (100 bytes)' },
    });
  });
  it('rejects a range wider than the window', () => {
    const result = validateSlice(range('0', String(MAX_SLICE.code_points + 1)), null, 'code_points');
    expect(result).toEqual({ ok: false, errors: { end: 'a range holds at most 262,144 code points' } });
  });
});

describe('slice windows', () => {
  it('steps forward and back by the same width, clamped to the entry', () => {
    expect(nextWindow({ start: 0, end: 10 }, 25)).toEqual({ start: 10, end: 20 });
    expect(nextWindow({ start: 20, end: 25 }, 25)).toBeNull();
    expect(nextWindow({ start: 10, end: 20 }, 25)).toEqual({ start: 20, end: 25 });
    expect(previousWindow({ start: 15, end: 25 }, 25)).toEqual({ start: 5, end: 15 });
    expect(previousWindow({ start: 4, end: 14 }, 25)).toEqual({ start: 0, end: 10 });
    expect(previousWindow({ start: 0, end: 10 }, 25)).toBeNull();
  });
  it('jumps to an offset with the given width, clamped into the entry', () => {
    expect(windowAt(30, 10, 100)).toEqual({ start: 30, end: 40 });
    expect(windowAt(95, 10, 100)).toEqual({ start: 90, end: 100 });
    expect(windowAt(500, 10, 100)).toEqual({ start: 90, end: 100 });
    expect(windowAt(3, 10, 5)).toEqual({ start: 0, end: 5 });
  });
  it('lastWindow is the full window ending at the end', () => {
    expect(lastWindow(100, 10)).toEqual({ start: 90, end: 100 });
    expect(lastWindow(4, 10)).toEqual({ start: 0, end: 4 });
  });
});
