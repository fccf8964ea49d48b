import type { CompareResult, CompareSide, JsonDiff } from '../contract';
import { diffBytes } from './binary-diff';
import { ByteCursor } from './byte-cursor';
import { diffJson } from './json-diff';
import { diffLineStreams } from './line-diff';
import type { CompareSource } from './source';
import { summarize } from './summary';

/** Budgets and presentation of {@link compareSources}; every field has a default. */
export interface CompareOptions {
  /** Lines of context around each change (default 3, as diff -u). */
  readonly context?: number;
  /** Stop the line diff after this many removed plus added lines (default 20,000). */
  readonly maxChangedLines?: number;
  /** Largest differing region per side handed to the diff library, in bytes (default 4 MiB). */
  readonly maxRegionBytes?: number;
  /** Wall-clock budget of the whole comparison, in ms (default 10,000). */
  readonly timeBudgetMs?: number;
  /** Structured entries up to this size (bytes, each) also get a structural JSON diff (default 32 MiB). */
  readonly maxJsonBytes?: number;
  /** At most this many JSON changes are listed (all are counted; default 10,000). */
  readonly maxJsonChanges?: number;
  /** Clock in ms (default Date.now); tests inject it. */
  readonly now?: () => number;
}

const once = (bytes: Uint8Array): AsyncIterable<Uint8Array> => ({
  async *[Symbol.asyncIterator]() {
    yield bytes;
  },
});

async function readAll(source: CompareSource): Promise<Uint8Array> {
  const pieces: Uint8Array[] = [];
  let size = 0;
  for await (const p of source.chunks()) {
    pieces.push(p);
    size += p.length;
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const p of pieces) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

function parseJson(bytes: Uint8Array): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(new TextDecoder('utf-8').decode(bytes)) };
  } catch {
    return { ok: false };
  }
}

/**
 * Compares two entries. First both are described (their `describe` rejects NOT_FOUND for a missing or foreign
 * id, which propagates unchanged). The same id twice, or the same kind, size and sha256, is `identical` without
 * reading content. Text vs binary compares sizes and sha256 only (`kind-mismatch`). Binary rows get the first
 * differing byte and hex windows; text rows a unified line diff (memory and time bounded, see
 * {@link diffLineStreams}), plus a structural JSON diff when both are structured and at most maxJsonBytes.
 * Expired rows awaiting gc are compared like any other and named in `notes`. Errors: whatever a source raises.
 */
export async function compareSources(left: CompareSource, right: CompareSource, options: CompareOptions = {}): Promise<CompareResult> {
  const now = options.now ?? Date.now;
  const started = now();
  const deadlineMs = started + (options.timeBudgetMs ?? 10_000);
  const [l, r] = await Promise.all([left.describe(), right.describe()]);
  const notes: string[] = [];
  for (const [side, m] of [
    ['left', l],
    ['right', r],
  ] as const)
    if (m.expiry === 'expired') notes.push(`${side} entry ${m.id} has expired (kept until gc runs)`);
  const base = { left: l, right: r, sameEntry: l.id === r.id, text: null, json: null, binary: null, truncated: false, truncatedReason: null, notes };
  const done = (rest: Partial<Omit<CompareResult, 'summary' | 'elapsedMs'>> & Pick<CompareResult, 'mode' | 'identical'>): CompareResult => {
    const body = { ...base, ...rest };
    return { ...body, summary: summarize(body), elapsedMs: Math.max(0, now() - started) };
  };

  if (base.sameEntry) notes.push('the same entry on both sides');
  if (base.sameEntry || sameBytes(l, r)) {
    if (l.kind !== r.kind) notes.push('the same bytes, stored as text on one side and binary on the other');
    return done({ mode: 'identical', identical: true });
  }
  if (l.kind !== r.kind) {
    notes.push(`text vs binary: only sizes and sha256 are compared (${l.kind} left, ${r.kind} right)`);
    return done({ mode: 'kind-mismatch', identical: false });
  }

  const jsonBytes = options.maxJsonBytes ?? 33_554_432;
  const wantJson = l.kind === 'text' && l.structured && r.structured && l.sizeBytes <= jsonBytes && r.sizeBytes <= jsonBytes;
  let json: JsonDiff | null = null;
  let jsonTruncated = false;
  let streams: [AsyncIterable<Uint8Array>, AsyncIterable<Uint8Array>] = [left.chunks(), right.chunks()];
  if (wantJson) {
    const [a, b] = await Promise.all([readAll(left), readAll(right)]);
    streams = [once(a), once(b)];
    const pa = parseJson(a);
    const pb = parseJson(b);
    if (pa.ok && pb.ok) {
      const out = diffJson(pa.value, pb.value, { maxChanges: options.maxJsonChanges ?? 10_000 });
      json = out.diff;
      jsonTruncated = out.truncated;
    } else notes.push('a structured entry is not valid JSON: line diff only');
  }

  const a = new ByteCursor(streams[0]);
  const b = new ByteCursor(streams[1]);
  try {
    if (l.kind === 'binary') {
      const out = await diffBytes(a, b, deadlineMs, now);
      return done({
        mode: 'binary',
        identical: false,
        binary: out.diff,
        truncated: out.truncated,
        truncatedReason: out.truncated ? 'time budget reached' : null,
      });
    }
    const out = await diffLineStreams(a, b, {
      context: options.context ?? 3,
      windowBytes: 1_048_576,
      maxRegionBytes: options.maxRegionBytes ?? 4_194_304,
      maxChangedLines: options.maxChangedLines ?? 20_000,
      deadlineMs,
      now,
    });
    const reason = out.truncatedReason ?? (jsonTruncated ? `more than ${options.maxJsonChanges ?? 10_000} JSON changes` : null);
    return done({ mode: 'text', identical: false, text: out.diff, json, truncated: reason !== null, truncatedReason: reason });
  } finally {
    await Promise.all([a.close(), b.close()]);
  }
}

function sameBytes(l: CompareSide, r: CompareSide): boolean {
  return l.sizeBytes === r.sizeBytes && l.sha256 === r.sha256;
}
