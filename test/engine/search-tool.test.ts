import { describe, expect, it } from 'vitest';
import { SCRATCHPAD_SEARCH_TOOL, SEARCH_TOOL_PREVIEW_MAX, parseScratchpadSearchArgs } from '../../app/engine/search-tool';

describe('SCRATCHPAD_SEARCH_TOOL', () => {
  it('declares the search arguments, frozen, with previews of at most 200 code points', () => {
    expect(SCRATCHPAD_SEARCH_TOOL.name).toBe('scratchpad_search');
    expect(Object.keys(SCRATCHPAD_SEARCH_TOOL.parameters.properties as object)).toEqual([
      'pattern',
      'regex',
      'case_sensitive',
      'scratchpad_id',
      'limit',
      'cursor',
    ]);
    expect(Object.isFrozen(SCRATCHPAD_SEARCH_TOOL.parameters)).toBe(true);
    expect(SEARCH_TOOL_PREVIEW_MAX).toBe(200);
  });
});

describe('parseScratchpadSearchArgs', () => {
  it('fills the defaults, from an object or a JSON string', () => {
    const want = { ok: true, value: { pattern: 'città', regex: false, case_sensitive: false, limit: 20 } };
    expect(parseScratchpadSearchArgs({ pattern: 'città' })).toEqual(want);
    expect(parseScratchpadSearchArgs('{"pattern":"città"}')).toEqual(want);
  });

  it('refuses an empty pattern, a limit over 50 and unknown fields, naming each', () => {
    const r = parseScratchpadSearchArgs({ pattern: '', limit: 51, owner: 'x' });
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe('INVALID_ARGUMENT');
      expect(r.error.message).toContain('pattern');
      expect(r.error.message).toContain('limit');
      expect(r.error.message).toContain('owner');
    }
    expect(parseScratchpadSearchArgs('{nope')).toEqual({ ok: false, error: { code: 'INVALID_ARGUMENT', message: 'arguments: not valid JSON' } });
  });
});
