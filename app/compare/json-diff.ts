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

/** A path built lazily (parent and last segment): most paths are never printed, only the changed ones. */
interface Path {
  readonly parent: Path | null;
  /** An object key, an array index, or (with `key`) the value of a record's key field. */
  readonly seg: string | number;
  /** The record key field (`id`) when this segment picks a record by it: printed `[id="a7"]`. */
  readonly key?: string;
}

function pathString(p: Path | null): string {
  const segs: Path[] = [];
  for (let at = p; at !== null; at = at.parent) segs.push(at);
  let out = '';
  for (let i = segs.length - 1; i >= 0; i--) {
    const { seg, key } = segs[i] as Path;
    if (key !== undefined) out += `[${key}=${JSON.stringify(seg)}]`;
    else if (typeof seg === 'number') out += `[${seg}]`;
    else out += IDENT.test(seg) ? (out === '' ? seg : `.${seg}`) : `[${JSON.stringify(seg)}]`;
  }
  return out || '(root)';
}

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
  const emit = (kind: JsonChange['kind'], path: Path | null, before: Json | undefined, after: Json | undefined) => {
    counts[kind]++;
    if (changes.length >= options.maxChanges) {
      truncated = true;
      return;
    }
    const c: { path: string; kind: JsonChange['kind']; before?: string; after?: string } = { path: pathString(path), kind };
    if (before !== undefined) c.before = preview(before);
    if (after !== undefined) c.after = preview(after);
    changes.push(c);
  };
  const walk = (path: Path | null, a: Json, b: Json): void => {
    if (a === b) return;
    if (isRecord(a) && isRecord(b)) {
      for (const k in a) {
        const av = a[k] as Json;
        // hasOwn, not b[k] alone: a key such as "__proto__" must not reach the prototype.
        if (!Object.hasOwn(b, k)) emit('removed', { parent: path, seg: k }, av, undefined);
        else if (av !== b[k]) walk({ parent: path, seg: k }, av, b[k] as Json); // equal leaves: no path built
      }
      for (const k in b) if (!Object.hasOwn(a, k)) emit('added', { parent: path, seg: k }, undefined, b[k]);
      return;
    }
    if (Array.isArray(a) && Array.isArray(b)) return walkArrays(path, a, b);
    emit('changed', path, a, b);
  };
  const walkArrays = (path: Path | null, a: Json[], b: Json[]): void => {
    const key = recordKey(a, b);
    if (key === null) {
      const common = Math.min(a.length, b.length);
      for (let i = 0; i < common; i++) if (a[i] !== b[i]) walk({ parent: path, seg: i }, a[i] as Json, b[i] as Json);
      for (let i = common; i < a.length; i++) emit('removed', { parent: path, seg: i }, a[i], undefined);
      for (let i = common; i < b.length; i++) emit('added', { parent: path, seg: i }, undefined, b[i]);
      return;
    }
    const label = (r: Json): Path => ({ parent: path, seg: (r as Record<string, string | number>)[key] as string | number, key });
    const byKey = new Map(b.map((r) => [(r as Record<string, Json>)[key], r] as const));
    const oldKeys = new Set(a.map((r) => (r as Record<string, Json>)[key]));
    for (const r of a) {
      const match = byKey.get((r as Record<string, Json>)[key]);
      if (match === undefined) emit('removed', label(r), r, undefined);
      else walk(label(r), r, match);
    }
    for (const r of b) if (!oldKeys.has((r as Record<string, Json>)[key])) emit('added', label(r), undefined, r);
  };
  walk(null, before as Json, after as Json);
  return { diff: { changes, counts }, truncated };
}
