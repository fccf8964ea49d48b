import type { JsonChange, JsonDiff } from '../contract';

/** Fields that identify a record in an array, tried in this order. */
export const RECORD_KEYS = ['id', 'name', 'path', 'key'] as const;
const PREVIEW_CHARS = 200;
const IDENT = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** Options of {@link diffJson}. */
export interface JsonDiffOptions {
  /** Stop after this many changes (the result then says truncated). */
  readonly maxChanges: number;
}

/** A structural diff, and whether it stopped at `maxChanges`. */
export interface JsonDiffOutcome {
  readonly diff: JsonDiff;
  readonly truncated: boolean;
}

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

const isRecord = (v: Json): v is { [k: string]: Json } => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Compact JSON, cut to a preview of PREVIEW_CHARS characters. */
export function preview(v: Json): string {
  const s = JSON.stringify(v);
  return s.length <= PREVIEW_CHARS ? s : s.slice(0, PREVIEW_CHARS - 1) + '…';
}

const keyPath = (path: string, key: string) => (IDENT.test(key) ? (path === '' ? key : `${path}.${key}`) : `${path}[${JSON.stringify(key)}]`);

/**
 * The key field by which two arrays of records can be matched: the first of RECORD_KEYS that every element of
 * both arrays has, with a string or number value unique within each array; null when none qualifies (then the
 * arrays are matched by index).
 */
export function recordKey(a: readonly Json[], b: readonly Json[]): string | null {
  if (a.length === 0 || b.length === 0) return null;
  if (!a.every(isRecord) || !b.every(isRecord)) return null;
  for (const k of RECORD_KEYS) {
    const unique = (xs: readonly Json[]) => {
      const seen = new Set<string | number>();
      for (const x of xs) {
        const v = (x as Record<string, Json>)[k];
        if ((typeof v !== 'string' && typeof v !== 'number') || seen.has(v)) return false;
        seen.add(v);
      }
      return true;
    };
    if (unique(a) && unique(b)) return k;
  }
  return null;
}

/**
 * Structural diff of two parsed JSON values: every added, removed and changed value by path, in document order
 * (objects: old keys first, then new ones; arrays of records matched by {@link recordKey}, shown as
 * `results[id="a7"]`, else by index, `results[3]`). A changed container type is one change at its path.
 */
export function diffJson(before: unknown, after: unknown, options: JsonDiffOptions): JsonDiffOutcome {
  const changes: JsonChange[] = [];
  const counts = { added: 0, removed: 0, changed: 0 };
  let truncated = false;
  // Counts cover every change; the list stops at maxChanges.
  const emit = (c: JsonChange) => {
    counts[c.kind]++;
    if (changes.length < options.maxChanges) changes.push(c);
    else truncated = true;
  };
  const walk = (path: string, a: Json, b: Json): void => {
    if (isRecord(a) && isRecord(b)) {
      for (const k of Object.keys(a)) {
        if (Object.hasOwn(b, k)) walk(keyPath(path, k), a[k] as Json, b[k] as Json);
        else emit({ path: keyPath(path, k), kind: 'removed', before: preview(a[k] as Json) });
      }
      for (const k of Object.keys(b)) if (!Object.hasOwn(a, k)) emit({ path: keyPath(path, k), kind: 'added', after: preview(b[k] as Json) });
      return;
    }
    if (Array.isArray(a) && Array.isArray(b)) return walkArrays(path, a, b);
    if (a !== b) emit({ path: path || '(root)', kind: 'changed', before: preview(a), after: preview(b) });
  };
  const walkArrays = (path: string, a: Json[], b: Json[]): void => {
    const key = recordKey(a, b);
    if (key === null) {
      const common = Math.min(a.length, b.length);
      for (let i = 0; i < common; i++) walk(`${path}[${i}]`, a[i] as Json, b[i] as Json);
      for (let i = common; i < a.length; i++) emit({ path: `${path}[${i}]`, kind: 'removed', before: preview(a[i] as Json) });
      for (let i = common; i < b.length; i++) emit({ path: `${path}[${i}]`, kind: 'added', after: preview(b[i] as Json) });
      return;
    }
    const label = (r: Json) => `${path}[${key}=${JSON.stringify((r as Record<string, Json>)[key])}]`;
    const byKey = new Map(b.map((r) => [(r as Record<string, Json>)[key], r] as const));
    const oldKeys = new Set(a.map((r) => (r as Record<string, Json>)[key]));
    for (const r of a) {
      const match = byKey.get((r as Record<string, Json>)[key]);
      if (match === undefined) emit({ path: label(r), kind: 'removed', before: preview(r) });
      else walk(label(r), r, match);
    }
    for (const r of b) if (!oldKeys.has((r as Record<string, Json>)[key])) emit({ path: label(r), kind: 'added', after: preview(r) });
  };
  walk('', before as Json, after as Json);
  return { diff: { changes, counts }, truncated };
}
