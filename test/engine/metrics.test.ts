import { describe, expect, it } from 'vitest';
import { createEngineMetrics, type EngineEvent } from '../../app/engine';

describe('createEngineMetrics', () => {
  it('starts at zero', () => {
    expect(Object.values(createEngineMetrics().counters()).every((v) => v === 0)).toBe(true);
  });

  it('adds up every kind of event and calls the hook in order', () => {
    const seen: EngineEvent[] = [];
    const m = createEngineMetrics((e) => seen.push(e));
    const events: EngineEvent[] = [
      { type: 'observation_kept', turnId: 't', stepNum: 1, sizeBytes: 10 },
      { type: 'observation_offloaded', turnId: 't', stepNum: 2, id: 'a', sizeBytes: 5000 },
      { type: 'observation_offloaded', turnId: 't', stepNum: 3, id: 'b', sizeBytes: 7000 },
      { type: 'read_served', id: 'a', mode: 'full', unit: 'code_points', start: 0, end: 16000, truncated: true },
      { type: 'read_served', id: 'a', mode: 'head', unit: 'code_points', start: 0, end: 10, truncated: false },
      { type: 'read_failed', code: 'NOT_FOUND' },
      { type: 'read_failed', code: 'FORBIDDEN' },
      { type: 'read_failed', code: 'INVALID_ARGUMENT' },
      { type: 'read_failed', code: 'BUSY' },
      { type: 'read_log_failed', id: 'a', code: 'BUSY' },
      { type: 'gc', deletedRows: 2, deletedBytes: 12000 },
    ];
    for (const e of events) m.record(e);
    expect(seen).toEqual(events);
    expect(m.counters()).toEqual({
      keptInline: 1,
      offloaded: 2,
      offloadedBytes: 12000,
      reads: 2,
      truncatedReads: 1,
      deniedReads: 2,
      invalidReads: 1,
      failedReads: 1,
      readLogFailures: 1,
      gcRuns: 1,
      gcDeletedRows: 2,
      gcDeletedBytes: 12000,
    });
  });

  it('keeps counting when the hook throws', () => {
    const m = createEngineMetrics(() => {
      throw new Error('observer bug');
    });
    expect(() => m.record({ type: 'read_failed', code: 'NOT_FOUND' })).not.toThrow();
    expect(m.counters().deniedReads).toBe(1);
  });

  it('hands out copies, not the live counters', () => {
    const m = createEngineMetrics();
    const before = m.counters();
    m.record({ type: 'gc', deletedRows: 1, deletedBytes: 1 });
    expect(before.gcRuns).toBe(0);
    expect(m.counters().gcRuns).toBe(1);
  });
});
