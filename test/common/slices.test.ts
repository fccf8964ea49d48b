import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sliceBounds, type UnitSlice } from '../../app/common/slices';

describe('sliceBounds', () => {
  it('resolves each mode against a value of 10 units', () => {
    const cases: [UnitSlice, [number, number]][] = [
      [{ mode: 'full' }, [0, 10]],
      [{ mode: 'head', n: 3 }, [0, 3]],
      [{ mode: 'head', n: 50 }, [0, 10]],
      [{ mode: 'tail', n: 3 }, [7, 10]],
      [{ mode: 'tail', n: 0 }, [10, 10]],
      [{ mode: 'tail', n: 50 }, [0, 10]],
      [{ mode: 'range', start: 2, end: 5 }, [2, 5]],
      [{ mode: 'range', start: 2, end: null }, [2, 10]],
      [{ mode: 'range', start: 8, end: 40 }, [8, 10]],
      [{ mode: 'range', start: 30, end: 40 }, [10, 10]],
    ];
    expect(cases.map(([s]) => sliceBounds(s, 10))).toEqual(cases.map(([, [start, end]]) => ({ start, end })));
  });

  it('gives an empty slice of an empty value', () => {
    expect([sliceBounds({ mode: 'head', n: 5 }, 0), sliceBounds({ mode: 'tail', n: 5 }, 0), sliceBounds({ mode: 'full' }, 0)]).toEqual([
      { start: 0, end: 0 },
      { start: 0, end: 0 },
      { start: 0, end: 0 },
    ]);
  });

  it('selects what Array.prototype.slice selects, for any request and length', () => {
    const request: fc.Arbitrary<UnitSlice> = fc.oneof(
      fc.constant({ mode: 'full' as const }),
      fc.record({ mode: fc.constantFrom('head' as const, 'tail' as const), n: fc.nat(60) }),
      fc
        .tuple(fc.nat(60), fc.option(fc.nat(60)))
        .map(([a, b]) => ({ mode: 'range' as const, start: b === null ? a : Math.min(a, b), end: b === null ? null : Math.max(a, b) })),
    );
    fc.assert(
      fc.property(request, fc.nat(50), (slice, total) => {
        const units = Array.from({ length: total }, (_, i) => i);
        const { start, end } = sliceBounds(slice, total);
        expect(0 <= start && start <= end && end <= total).toBe(true);
        const expected =
          slice.mode === 'full'
            ? units
            : slice.mode === 'head'
              ? units.slice(0, slice.n)
              : slice.mode === 'tail'
                ? slice.n === 0
                  ? []
                  : units.slice(-slice.n!)
                : units.slice(slice.start, slice.end ?? undefined);
        expect(units.slice(start, end)).toEqual(expected);
      }),
    );
  });
});
