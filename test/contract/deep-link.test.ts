import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDeepLink, parseDeepLink } from '../../app/contract';

describe('parseDeepLink', () => {
  it('reads db, id and offset', () => {
    expect(parseDeepLink('scratchpad-inspector://open?db=%2Ftmp%2Fa%20b.db&id=e-1&offset=42')).toEqual({
      ok: true,
      link: { db: '/tmp/a b.db', id: 'e-1', offset: 42 },
    });
    expect(parseDeepLink('scratchpad-inspector://open?db=C%3A%5Cx.db')).toEqual({ ok: true, link: { db: 'C:\\x.db' } });
  });
  it('refuses a principal or any other parameter, repeated parameters, and bad offsets', () => {
    expect(parseDeepLink('scratchpad-inspector://open?db=a&principal=operator')).toMatchObject({
      ok: false,
      message: expect.stringContaining('never sets who views'),
    });
    expect(parseDeepLink('scratchpad-inspector://open?db=a&db=b')).toMatchObject({ ok: false });
    expect(parseDeepLink('scratchpad-inspector://open?db=a&id=x&offset=-1')).toMatchObject({ ok: false, message: 'offset must be a whole number >= 0' });
    expect(parseDeepLink('scratchpad-inspector://open?db=a&offset=3')).toMatchObject({ ok: false, message: 'an offset needs an entry id' });
    expect(parseDeepLink('scratchpad-inspector://delete?db=a')).toMatchObject({ ok: false });
    expect(parseDeepLink('https://open?db=a')).toMatchObject({ ok: false });
    expect(parseDeepLink('not a url')).toMatchObject({ ok: false });
    expect(parseDeepLink('scratchpad-inspector://open?id=x')).toMatchObject({ ok: false, message: 'the link names no file (db=…)' });
  });
  it('round-trips every file path, id and offset through formatDeepLink', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 200 }),
        fc.option(fc.string({ minLength: 1, maxLength: 128 }), { nil: undefined }),
        fc.option(fc.nat(), { nil: undefined }),
        (db, id, offset) => {
          const link = { db, ...(id !== undefined ? { id } : {}), ...(id !== undefined && offset !== undefined ? { offset } : {}) };
          expect(parseDeepLink(formatDeepLink(link))).toEqual({ ok: true, link });
        },
      ),
    );
  });
});
