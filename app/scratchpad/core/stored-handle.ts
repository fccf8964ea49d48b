import type { SyntheticHandle } from '../../contract';
import { refHint } from '../handle';

/** The columns of an observation row the handle is rebuilt from (a v2 or postgres row has them all). */
export interface HandleRow {
  readonly id: string;
  readonly step_num: number | null;
  readonly size_bytes: number;
  readonly kind: SyntheticHandle['kind'];
  readonly summary: string;
}

/** Handle fields the row already holds or that follow from it: never stored twice. */
const DERIVED = new Set(['scratchpad_id', 'step_num', 'size_bytes', 'kind', 'summary', 'ref_hint']);

/** What {@link packHandle} stores for the handle of a plain text or binary observation: its empty metadata. */
const EMPTY_METADATA = '{"metadata":{}}';

/** True for a handle of derived fields, `ok: true` and `metadata: {}` only (most puts): packed without a JSON pass. */
function onlyEmptyMetadata(handle: SyntheticHandle): boolean {
  if (handle.ok !== true) return false;
  const metadata = handle.metadata as unknown;
  if (typeof metadata !== 'object' || metadata === null || Array.isArray(metadata)) return false;
  for (const _ in metadata) return false;
  for (const k in handle) if (!DERIVED.has(k) && k !== 'ok' && k !== 'metadata') return false;
  return true;
}

/**
 * What is stored of a synthetic handle: only what the row cannot give back (ok when false, metadata, light
 * fields, list_field/count/schema), as JSON, or null when nothing is left (plain text and binary rows). Keeps
 * observation rows small, which makes listing, stats and gc cheaper.
 */
export function packHandle(handle: SyntheticHandle): string | null {
  if (onlyEmptyMetadata(handle)) return EMPTY_METADATA;
  const extras: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(handle)) {
    if (DERIVED.has(k) || (k === 'ok' && v === true) || (k === 'metadata' && v === null)) continue;
    extras[k] = v;
  }
  return Object.keys(extras).length === 0 ? null : JSON.stringify(extras);
}

/** The handle put returned, rebuilt from the row and {@link packHandle}'s JSON (same fields, same order). */
export function unpackHandle(packed: string | null, row: HandleRow): SyntheticHandle {
  const { ok = true, metadata = null, ...rest } = (packed === null ? {} : JSON.parse(packed)) as Record<string, unknown>;
  const listField = typeof rest.list_field === 'string' ? rest.list_field : null;
  return {
    ok,
    scratchpad_id: row.id,
    step_num: row.step_num,
    size_bytes: row.size_bytes,
    kind: row.kind,
    summary: row.summary,
    metadata,
    ...rest,
    ref_hint: refHint(row.id, row.step_num, listField),
  } as SyntheticHandle;
}
