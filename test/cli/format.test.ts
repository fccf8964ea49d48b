import { describe, expect, it } from 'vitest';
import { formatBytes, formatRelative, formatTime, hexDump, oneLine } from '../../app/cli/format';
import { colorEnabled } from '../../app/cli/io';

describe('formatBytes', () => {
  it('uses B below 1 KiB, then KiB, MiB and GiB with one decimal', () => {
    expect([0, 1023, 1024, 1536, 1024 * 1024 - 1, 5 * 1024 * 1024, 3 * 1024 ** 3].map(formatBytes)).toEqual(['0 B', '1023 B', '1.0 KiB', '1.5 KiB', '1024.0 KiB', '5.0 MiB', '3.0 GiB']);
  });
});

describe('formatRelative', () => {
  it('says how long ago or how soon, in the largest whole unit', () => {
    const now = 1_000_000;
    expect([now, now - 30, now - 600, now + 240, now - 7200, now + 3 * 86_400, now - 2 * 365 * 86_400].map((t) => formatRelative(t, now))).toEqual([
      'now', '30s ago', '10m ago', 'in 4m', '2h ago', 'in 3d', '2y ago',
    ]);
  });
});

describe('formatTime', () => {
  it('prints Unix seconds as UTC ISO 8601 without milliseconds', () => {
    expect(formatTime(1_767_225_600.4)).toBe('2026-01-01T00:00:00Z');
  });
});

describe('hexDump', () => {
  it('prints 16 bytes a line with offsets, two groups and ASCII', () => {
    expect(hexDump(Buffer.from('Hello, world!\n\u0000\u00ff!', 'latin1'), 0x20)).toBe(
      '00000020  48 65 6c 6c 6f 2c 20 77  6f 72 6c 64 21 0a 00 ff  |Hello, world!...|\n' +
        '00000030  21                                                |!|\n',
    );
  });
});

describe('oneLine', () => {
  it('collapses whitespace and cuts to a number of code points with an ellipsis', () => {
    expect(oneLine('a\n\n  b\tc', 10)).toBe('a b c');
    expect(oneLine('🚀🚀🚀🚀🚀', 3)).toBe('🚀🚀…');
  });
});

describe('colorEnabled', () => {
  it('colours only a terminal, never with NO_COLOR, always with FORCE_COLOR', () => {
    const tty = { write: () => true, isTTY: true };
    const pipe = { write: () => true, isTTY: false };
    expect([colorEnabled(tty, {}), colorEnabled(pipe, {}), colorEnabled(tty, { NO_COLOR: '1' }), colorEnabled(pipe, { FORCE_COLOR: '1' }), colorEnabled(tty, { NO_COLOR: '' })]).toEqual([
      true, false, false, true, true,
    ]);
  });
});
