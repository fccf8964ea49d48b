import type { EntryKind, SyntheticHandle } from '../contract';
import { findListField, firstItemKeys, isPlainObject } from './summary';

/** List fields the synthetic handle looks for, in this order (differs from the summary's, as in the original). */
export const HANDLE_LIST_FIELDS = ['entries', 'matches', 'items', 'results', 'files', 'paths'] as const;

/** Top-level fields copied into the handle when the observation has them (the original runtime's set). */
export const LIGHT_FIELDS = [
  'counts',
  'ok_count',
  'fail_count',
  'truncated',
  'truncated_what',
  'available_total',
  'used',
  'cap_field',
  'cap_value',
  'dimension',
  'classes',
  'total',
  'message',
  'error',
  'pre_filtered',
  'llm_classified',
  'unclassified',
  'failed_batches',
] as const;

/** What the handle is built from. `source` is the observation object (JSON data) or null for a bare value. */
export interface HandleInput {
  readonly id: string;
  readonly stepNum: number | null;
  readonly sizeBytes: number;
  readonly kind: EntryKind;
  readonly summary: string;
  readonly source: Record<string, unknown> | null;
}

/**
 * The ref_hint: how the model gets the whole value back (a step reference for a list, else scratchpad_read),
 * naming every mode scratchpad_read accepts (app/engine/tool.ts: full, head, tail, range, lines) and
 * scratchpad_search (app/engine/search-tool.ts) to find text in it. Kept to one sentence (at most 300 bytes
 * with a 64-character id, any step number and list field): the handle replaces a large observation and must stay small.
 */
export function refHint(id: string, stepNum: number | null, listField: string | null): string {
  const read = `call scratchpad_read("${id}") with mode full, head, tail, range or lines, or find text in it with scratchpad_search`;
  if (listField !== null && stepNum !== null) {
    return `The full observation is in the scratchpad: pass {{step${stepNum}.${listField}}} to a later tool to use the whole list, or ${read}.`;
  }
  return `The full observation is in the scratchpad: ${read}.`;
}

/**
 * Builds the synthetic handle as the original runtime (shared/formats/metnos-v1.md): ok, scratchpad_id,
 * step_num, size_bytes (bytes), kind, summary, metadata (the observation's metadata object, `{}` when absent or
 * not an object), the light top-level fields present, then every other top-level boolean or number (never
 * replacing a field already set), list_field/count for the first list field in {@link HANDLE_LIST_FIELDS}
 * order, schema (keys of the first item sorted by code point) only when that item is an object, and ref_hint.
 */
export function buildHandle(input: HandleInput): SyntheticHandle {
  const src = input.source;
  const handle: Record<string, unknown> = {
    ok: src !== null && typeof src.ok === 'boolean' ? src.ok : true,
    scratchpad_id: input.id,
    step_num: input.stepNum,
    size_bytes: input.sizeBytes,
    kind: input.kind,
    summary: input.summary,
    metadata: src !== null && isPlainObject(src.metadata) ? src.metadata : {},
  };
  if (src !== null) {
    for (const f of LIGHT_FIELDS) if (src[f] !== undefined) handle[f] = src[f];
    // The original keeps every exact statistic an executor adds, not only the light fields.
    for (const [k, v] of Object.entries(src)) {
      if ((typeof v === 'boolean' || typeof v === 'number') && !(k in handle)) handle[k] = v;
    }
  }
  const field = findListField(src, HANDLE_LIST_FIELDS);
  if (field !== null && src !== null) {
    const list = src[field] as unknown[];
    handle.list_field = field;
    handle.count = list.length;
    const keys = firstItemKeys(list);
    if (keys !== null) handle.schema = keys;
  }
  handle.ref_hint = refHint(input.id, input.stepNum, field);
  return handle as SyntheticHandle;
}
