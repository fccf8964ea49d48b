import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatAgo, formatBytes, formatCountdown, formatDuration, formatRelative, formatShortTime, formatTime, plural } from '../../app/common/format';
import { formatTime as cliFormatTime } from '../../app/cli/format';

/** Unix seconds of a local wall-clock time (so the expectations hold in any time zone). */
const local = (y: number, mo: number, d: number, h = 0, mi = 0, s = 0) => new Date(y, mo - 1, d, h, mi, s).getTime() / 1000;

describe('plural', () => {
  it('uses the singular for exactly one and the plural otherwise, the count grouped', () => {
    expect([plural(0, 'row'), plural(1, 'row'), plural(2, 'row'), plural(1234, 'owner')]).toEqual(['0 rows', '1 row', '2 rows', '1,234 owners']);
  });

  it('takes an irregular plural', () => {
    expect([plural(1, 'entry', 'entries'), plural(3, 'entry', 'entries')]).toEqual(['1 entry', '3 entries']);
  });
});

describe('formatBytes', () => {
  it('prints bytes below 1 KiB exactly, then binary units with three significant digits', () => {
    expect([0, 1023, 1024, 1536, 10_240 + 512, 100 * 1024 + 300, 5 * 1024 ** 2, 3 * 1024 ** 3, 2 * 1024 ** 4].map(formatBytes)).toEqual([
      '0 B',
      '1023 B',
      '1 KiB',
      '1.5 KiB',
      '10.5 KiB',
      '100 KiB',
      '5 MiB',
      '3 GiB',
      '2 TiB',
    ]);
  });

  it('prints a dash for a size that is not a number', () => {
    expect([NaN, Infinity].map(formatBytes)).toEqual(['—', '—']);
  });

  it('always ends in one of its units, and reads back within 1 % of the size', () => {
    const scale = { B: 1, KiB: 1024, MiB: 1024 ** 2, GiB: 1024 ** 3, TiB: 1024 ** 4 } as const;
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 50 }), (n) => {
        const m = /^([\d.]+) (B|KiB|MiB|GiB|TiB)$/.exec(formatBytes(n));
        expect(m).not.toBeNull();
        const back = Number(m![1]) * scale[m![2] as keyof typeof scale];
        expect(Math.abs(back - n)).toBeLessThanOrEqual(n * 0.01);
      }),
    );
  });
});

describe('formatTime', () => {
  it('prints a local wall-clock time as YYYY-MM-DD HH:MM:SS', () => {
    expect(formatTime(local(2026, 1, 2, 3, 4, 5))).toBe('2026-01-02 03:04:05');
    expect(formatTime(local(2026, 12, 31, 23, 59, 59))).toBe('2026-12-31 23:59:59');
  });

  it('says never for +Infinity (a row that never expires)', () => {
    expect(formatTime(Infinity)).toBe('never');
  });

  it('is what the CLI prints, followed by the time zone the CLI names', () => {
    const at = local(2026, 1, 2, 3, 4, 5);
    expect(cliFormatTime(at)).toMatch(/^2026-01-02 03:04:05 \S+$/);
    expect(cliFormatTime(at).startsWith(formatTime(at) + ' ')).toBe(true);
    expect(cliFormatTime(Infinity)).toBe('never');
  });
});

describe('formatShortTime', () => {
  it('prints the time on the same day, month-day and time in the same year, the date in another year', () => {
    const now = local(2026, 6, 15, 12);
    expect(formatShortTime(local(2026, 6, 15, 8, 30, 1), now)).toBe('08:30:01');
    expect(formatShortTime(local(2026, 3, 9, 17, 5), now)).toBe('03-09 17:05');
    expect(formatShortTime(local(2025, 12, 31, 23), now)).toBe('2025-12-31');
  });
});

describe('formatRelative', () => {
  it('says how long ago or how soon, in the largest whole unit', () => {
    const now = 1_000_000;
    expect([now, now - 30, now - 600, now + 240, now - 7200, now + 3 * 86_400, now - 2 * 365 * 86_400].map((t) => formatRelative(t, now))).toEqual([
      'now',
      '30 seconds ago',
      '10 minutes ago',
      'in 4 minutes',
      '2 hours ago',
      'in 3 days',
      '2 years ago',
    ]);
  });

  it('names the infinities', () => {
    expect([formatRelative(Infinity, 0), formatRelative(-Infinity, 0)]).toEqual(['never', 'always expired']);
  });
});

describe('formatDuration', () => {
  it('gives a span in its two largest units, whole seconds counted', () => {
    expect([7.9, 65, 299, 7_260, 2 * 86_400 + 3 * 3_600 + 59].map(formatDuration)).toEqual(['7s', '1m 05s', '4m 59s', '2h 1m', '2d 3h']);
  });
});

describe('formatCountdown', () => {
  it('counts down to expiry and says expired once expiresAt <= now', () => {
    const now = 1_000;
    expect([now + 5, now + 299, now + 7_260, now + 2 * 86_400 + 3 * 3_600, now, now - 1, Infinity].map((t) => formatCountdown(t, now))).toEqual([
      '5s left',
      '4m 59s left',
      '2h 1m left',
      '2d 3h left',
      'expired',
      'expired',
      'never expires',
    ]);
  });
});

describe('formatAgo', () => {
  it('gives a compact age for badges', () => {
    const now = 100_000;
    expect([now - 59, now - 60, now - 3_599, now - 3_600, now - 86_400 * 3, now + 10].map((t) => formatAgo(t, now))).toEqual([
      'just now',
      '1m ago',
      '59m ago',
      '1h ago',
      '3d ago',
      'just now',
    ]);
  });
});
