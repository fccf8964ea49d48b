import { describe, expect, it } from 'vitest';
import { buildHandle, refHint } from '../../app/scratchpad/handle';

const base = { id: 'a'.repeat(32), stepNum: 4, sizeBytes: 123, kind: 'text' as const, summary: 's' };

describe('buildHandle', () => {
  it('carries the list field in the handle order (entries first), count, schema and a step reference', () => {
    const h = buildHandle({
      ...base,
      source: { ok: false, matches: [{ z: 1, a: 2 }], entries: [{ k: 1 }, { k: 2 }], total: 2, message: 'm', extra: 'not light' },
    });
    expect(h).toEqual({
      ok: false,
      scratchpad_id: base.id,
      step_num: 4,
      size_bytes: 123,
      kind: 'text',
      summary: 's',
      metadata: {},
      total: 2,
      message: 'm',
      list_field: 'entries',
      count: 2,
      schema: ['k'],
      ref_hint: refHint(base.id, 4, 'entries'),
    });
    expect(h.ref_hint).toContain('{{step4.entries}}');
    expect(h.ref_hint).toContain(`scratchpad_read("${base.id}")`);
  });

  it('has no list fields and a scratchpad_read hint for a bare value', () => {
    const h = buildHandle({ ...base, kind: 'binary', source: null });
    expect(h).toEqual({
      ok: true,
      scratchpad_id: base.id,
      step_num: 4,
      size_bytes: 123,
      kind: 'binary',
      summary: 's',
      metadata: {},
      ref_hint: refHint(base.id, 4, null),
    });
    expect(h.ref_hint).not.toContain('{{');
  });

  it('copies every light top-level field present, and metadata', () => {
    const light = {
      counts: { a: 1 },
      ok_count: 1,
      fail_count: 0,
      truncated: true,
      truncated_what: 'x',
      available_total: 9,
      used: 1,
      cap_field: 'c',
      cap_value: 2,
      dimension: 'd',
      classes: ['c'],
      total: 3,
      message: 'm',
      error: null,
      pre_filtered: 1,
      llm_classified: 2,
      unclassified: 3,
      failed_batches: [],
    };
    const h = buildHandle({ ...base, source: { ...light, metadata: { q: 1 } } });
    expect(h).toMatchObject({ ...light, metadata: { q: 1 } });
  });

  it('leaves out the step reference when the step is unknown', () => {
    expect(buildHandle({ ...base, stepNum: null, source: { files: [] } }).ref_hint).not.toContain('{{');
  });
});
