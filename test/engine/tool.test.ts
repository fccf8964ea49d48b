import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DEFAULT_READ_N, SCRATCHPAD_READ_TOOL, ScratchpadReadArgsSchema, parseScratchpadReadArgs } from '../../app/engine';

/** The declaration without its English descriptions, for comparing the validation rules only. */
function withoutDescriptions(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutDescriptions);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([k]) => k !== 'description')
      .map(([k, v]) => [k, withoutDescriptions(v)]),
  );
}

describe('SCRATCHPAD_READ_TOOL', () => {
  it('is named scratchpad_read and describes every parameter in English', () => {
    expect(SCRATCHPAD_READ_TOOL.name).toBe('scratchpad_read');
    const props = SCRATCHPAD_READ_TOOL.parameters.properties as Record<string, { description?: string }>;
    expect(Object.keys(props).sort()).toEqual(['end', 'mode', 'n', 'scratchpad_id', 'start']);
    for (const p of Object.values(props)) expect(p.description).toMatch(/^[A-Za-z].{10,}/);
    expect(SCRATCHPAD_READ_TOOL.description).toContain('nextStart');
  });

  it('declares exactly the rules the zod schema enforces', () => {
    const { $schema: _ignored, ...fromZod } = z.toJSONSchema(ScratchpadReadArgsSchema, { io: 'input' }) as Record<string, unknown>;
    expect(withoutDescriptions(SCRATCHPAD_READ_TOOL.parameters)).toEqual(fromZod);
  });

  it('has defaults mode head and n 2000, no extra properties, scratchpad_id required', () => {
    const params = SCRATCHPAD_READ_TOOL.parameters as { properties: Record<string, { default?: unknown }>; required: string[]; additionalProperties: boolean };
    expect(params.properties.mode?.default).toBe('head');
    expect(params.properties.n?.default).toBe(2000);
    expect(DEFAULT_READ_N).toBe(2000);
    expect(params.required).toEqual(['scratchpad_id']);
    expect(params.additionalProperties).toBe(false);
  });

  it('cannot be edited by a caller', () => {
    const props = SCRATCHPAD_READ_TOOL.parameters.properties as Record<string, Record<string, unknown>>;
    expect(() => {
      (props.n as Record<string, unknown>).default = 5;
    }).toThrow(TypeError);
    expect(props.n?.default).toBe(2000);
  });
});

describe('parseScratchpadReadArgs', () => {
  it('fills mode head and n 2000', () => {
    expect(parseScratchpadReadArgs({ scratchpad_id: 'abc' })).toEqual({ ok: true, value: { scratchpad_id: 'abc', mode: 'head', n: 2000 } });
  });

  it('accepts a JSON string of the arguments', () => {
    expect(parseScratchpadReadArgs('{"scratchpad_id":"abc","mode":"range","start":3,"end":9}')).toEqual({
      ok: true,
      value: { scratchpad_id: 'abc', mode: 'range', n: 2000, start: 3, end: 9 },
    });
  });

  it.each([
    ['missing id', {}, 'scratchpad_id'],
    ['empty id', { scratchpad_id: '' }, 'scratchpad_id'],
    ['id too long', { scratchpad_id: 'x'.repeat(129) }, 'scratchpad_id'],
    ['id of wrong type', { scratchpad_id: 7 }, 'scratchpad_id'],
    ['unknown mode', { scratchpad_id: 'a', mode: 'middle' }, 'mode'],
    ['n as a string', { scratchpad_id: 'a', n: '10' }, 'n'],
    ['negative n', { scratchpad_id: 'a', n: -1 }, 'n'],
    ['fractional n', { scratchpad_id: 'a', n: 1.5 }, 'n'],
    ['huge n', { scratchpad_id: 'a', n: 1e20 }, 'n'],
    ['infinite end', { scratchpad_id: 'a', mode: 'range', end: Infinity }, 'end'],
    ['negative start', { scratchpad_id: 'a', mode: 'range', start: -5 }, 'start'],
    ['null start', { scratchpad_id: 'a', mode: 'range', start: null }, 'start'],
    ['extra property', { scratchpad_id: 'a', offset: 3 }, 'offset'],
    ['an array', [{ scratchpad_id: 'a' }], 'arguments'],
    ['null', null, 'arguments'],
    ['invalid JSON text', '{"scratchpad_id":', 'arguments'],
  ])('rejects %s with INVALID_ARGUMENT naming the field', (_name, args, field) => {
    const r = parseScratchpadReadArgs(args);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.code).toBe('INVALID_ARGUMENT');
    expect(r.error.message).toContain(field);
  });

  it('accepts the largest safe integer', () => {
    const r = parseScratchpadReadArgs({ scratchpad_id: 'a', n: Number.MAX_SAFE_INTEGER });
    expect(r.ok && r.value.n).toBe(Number.MAX_SAFE_INTEGER);
  });
});
