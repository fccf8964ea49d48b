import type { EntryRecord, OwnerScope } from '../../core/backend';
import { TURN_ENTRY_FIELDS } from '../migrations/003-turn-totals-and-calls';
import { SPLIT_ENTRY_FIELDS, SUMMARY_SEPARATOR } from '../migrations/004-cheap-principal-and-calls';
import { HELD_ENTRY_FIELDS } from '../migrations/007-listing-held-summaries';
import { SCHEMA } from '../names';
import { queryOnce, type PgTarget } from '../transaction';
import { bindingOf, toEntry, type EntryRow } from './rows';
import { ROW_FIXED_UNITS, turnKey, type HeldRow, type HeldRows, type RowCache } from './row-cache';

/*
 * A turn's listing (listForTurn, a search of one turn): one call of turn_entries_held (migrations/007) sending the
 * (row, version) pairs the store kept from the turn's last listing, so only new or changed rows cross the wire
 * whole; turn_entries_json (migrations/003) when a summary holds the separator.
 */

/** A float8 as JSON gives it: a number, or the strings 'Infinity' / '-Infinity' (expiry of never / always). */
const float = (v: unknown): number => (typeof v === 'string' ? Number(v) : (v as number));

const VERSION = HELD_ENTRY_FIELDS.indexOf('version');
const HELD = HELD_ENTRY_FIELDS.indexOf('held');

/** A listing row's fields with its times as numbers (JSON gives an infinite float8 as a string). */
function withTimes(r: Record<string, unknown>): Record<string, unknown> {
  r.created_at = float(r.created_at);
  r.expires_at = float(r.expires_at);
  return r;
}

/** The listing of schema 3 (scratchpad.turn_entries_json): every field in JSON, summaries escaped. */
async function turnEntriesJson(target: PgTarget, scope: OwnerScope, turnId: string): Promise<Record<string, unknown>[]> {
  const b = bindingOf(scope);
  const res = await queryOnce<{ j: unknown[][] }>(target, 'read', {
    name: 'scratchpad-turn-entries-json',
    text: `SELECT ${SCHEMA}.turn_entries_json($1, $2, $3) AS j`,
    values: [b.owner, b.operator, turnId],
  });
  return (res.rows[0]?.j ?? []).map((a) => {
    const r: Record<string, unknown> = {};
    TURN_ENTRY_FIELDS.forEach((f, i) => (r[f] = a[i]));
    return r;
  });
}

/**
 * The listing rows (scratchpad.turn_entries_held): a row the server says the caller holds (`[pk, version, true]`)
 * taken from `held`, any other from its fields and the summaries sent, with what to keep for the next listing;
 * null when the summaries sent do not split into one per row sent whole (a summary holds U+001E).
 */
async function turnEntriesHeld(
  target: PgTarget,
  scope: OwnerScope,
  turnId: string,
  held: HeldRows,
): Promise<{ rows: Readonly<Record<string, unknown>>[]; kept: Map<number, HeldRow> } | null> {
  const b = bindingOf(scope);
  const pairs: Record<string, string> = {};
  for (const [pk, h] of held) pairs[pk] = h.version;
  const res = await queryOnce<{ entries: unknown[][]; summaries: string }>(target, 'read', {
    name: 'scratchpad-turn-entries-held',
    text: `SELECT entries, summaries FROM ${SCHEMA}.turn_entries_held($1, $2, $3, $4)`,
    values: [b.owner, b.operator, turnId, JSON.stringify(pairs)],
  });
  const entries = res.rows[0]?.entries ?? [];
  const text = res.rows[0]?.summaries ?? '';
  let sent = 0;
  for (const a of entries) if (a[a.length - 1] !== true) sent++;
  const pieces = sent === 0 ? [] : text.split(SUMMARY_SEPARATOR);
  if (pieces.length !== sent || (sent === 0 && text !== '')) return null;
  const rows: Readonly<Record<string, unknown>>[] = [];
  const kept = new Map<number, HeldRow>();
  let next = 0;
  for (const a of entries) {
    let row: HeldRow;
    if (a[a.length - 1] === true) {
      const mine = held.get(Number(a[0]));
      if (mine === undefined || mine.version !== String(a[1])) return null; // the server marks only the pairs it was sent
      row = mine;
    } else {
      if (a[HELD] !== false) return null;
      const summary = pieces[next++]!;
      const r: Record<string, unknown> = { summary };
      SPLIT_ENTRY_FIELDS.forEach((f, k) => (r[f] = a[k]));
      row = { version: String(a[VERSION]), fields: withTimes(r), units: summary.length + ROW_FIXED_UNITS };
    }
    kept.set(Number(row.fields.pk), row);
    rows.push(row.fields);
  }
  return { rows, kept };
}

/**
 * A turn's entries in scope, in listing order: one round trip (turn_entries_held) that sends whole only the rows
 * `cache` does not hold at their current versions, which are then kept for the next listing; a second one
 * (turn_entries_json) only for a turn whose summaries hold U+001E. Errors come out mapped (errors.ts).
 */
export async function turnEntries(target: PgTarget, scope: OwnerScope, turnId: string, cache: RowCache): Promise<{ record: EntryRecord; row: EntryRow }[]> {
  const key = turnKey(scope.kind === 'all' ? null : scope.owner, turnId);
  const listed = await turnEntriesHeld(target, scope, turnId, cache.held(key));
  cache.keep(key, listed?.kept ?? new Map());
  const rows = listed?.rows ?? (await turnEntriesJson(target, scope, turnId)).map(withTimes);
  return rows.map((r) => toEntry(r));
}
