import { describe, expect, it } from 'vitest';
import { hexDump, oneLine } from '../../app/cli/format';
import { colorEnabled } from '../../app/cli/io';

// formatBytes, formatRelative and formatTime are the app's (test/common/format.test.ts).

describe('hexDump', () => {
  it('prints 16 bytes a line with offsets, two groups and ASCII', () => {
    expect(hexDump(Buffer.from('Hello, world!\n\u0000\u00ff!', 'latin1'), 0x20)).toBe(
      '00000020  48 65 6c 6c 6f 2c 20 77  6f 72 6c 64 21 0a 00 ff  |Hello, world!...|\n' + '00000030  21                                                |!|\n',
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
    expect([
      colorEnabled(tty, {}),
      colorEnabled(pipe, {}),
      colorEnabled(tty, { NO_COLOR: '1' }),
      colorEnabled(pipe, { FORCE_COLOR: '1' }),
      colorEnabled(tty, { NO_COLOR: '' }),
    ]).toEqual([true, false, false, true, true]);
  });
});
