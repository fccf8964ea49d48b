import type { EntryRecord, OwnerScope } from '../../core/backend';
import { TURN_ENTRY_FIELDS } from '../migrations/003-turn-totals-and-calls';
import { SPLIT_ENTRY_FIELDS, SUMMARY_SEPARATOR } from '../migrations/004-cheap-principal-and-calls';
import { HELD_ENTRY_FIELDS } from '../migrations/007-listing-held-summaries';
import { SCHEMA } from '../names';
import { queryOnce, type PgTarget } from '../transaction';
import { bindingOf, toEntry, type EntryRow } from './rows';
import { turnKey, type HeldRows, type HeldSummary, type SummaryCache } from './summary-cache';

/*
 * A turn's listing (listForTurn, a search of one turn): one call of turn_entries_held (migrations/007) sending the
 * (row, version) pairs whose summaries the store kept from the turn's last listing, so only new or changed rows'
 * summaries cross the wire; turn_entries_json (migrations/003) when a summary holds the separator.
 */

/** A float8 as JSON gives it: a number, or the strings 'Infinity' / '-Infinity' (expiry of never / always). */
const float = (v: unknown): number => (typeof v === 'string' ? Number(v) : (v as number));

const PK = HELD_ENTRY_FIELDS.indexOf('pk');
const VERSION = HELD_ENTRY_FIELDS.indexOf('version');
const HELD = HELD_ENTRY_FIELDS.indexOf('held');

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
 * The listing fields and summaries (scratchpad.turn_entries_held), a row's summary taken from `held` when the
 * server says the caller holds it, with what to keep for the next listing; null when the summaries sent do not
 * split into one per row not held (a summary holds U+001E).
 */
async function turnEntriesHeld(
  target: PgTarget,
  scope: OwnerScope,
  turnId: string,
  held: HeldRows,
): Promise<{ rows: Record<string, unknown>[]; kept: Map<number, HeldSummary> } | null> {
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
  for (const a of entries) if (a[HELD] !== true) sent++;
  const pieces = sent === 0 ? [] : text.split(SUMMARY_SEPARATOR);
  if (pieces.length !== sent || (sent === 0 && text !== '')) return null;
  const rows: Record<string, unknown>[] = [];
  const kept = new Map<number, HeldSummary>();
  let next = 0;
  for (const a of entries) {
    const pk = Number(a[PK]);
    const version = String(a[VERSION]);
    const mine = a[HELD] === true ? held.get(pk) : undefined;
    if (a[HELD] === true && mine?.version !== version) return null; // the server marks only the pairs it was sent
    const summary = mine === undefined ? pieces[next++]! : mine.summary;
    kept.set(pk, { version, summary });
    const r: Record<string, unknown> = { summary };
    SPLIT_ENTRY_FIELDS.forEach((f, k) => (r[f] = a[k]));
    rows.push(r);
  }
  return { rows, kept };
}

/**
 * A turn's entries in scope, in listing order: one round trip (turn_entries_held) that sends only the summaries
 * `summaries` does not hold for the rows' current versions, which are then kept for the next listing; a second
 * one (turn_entries_json) only for a turn whose summaries hold U+001E. Errors come out mapped (errors.ts).
 */
export async function turnEntries(
  target: PgTarget,
  scope: OwnerScope,
  turnId: string,
  summaries: SummaryCache,
): Promise<{ record: EntryRecord; row: EntryRow }[]> {
  const key = turnKey(scope.kind === 'all' ? null : scope.owner, turnId);
  const listed = await turnEntriesHeld(target, scope, turnId, summaries.held(key));
  summaries.keep(key, listed?.kept ?? new Map());
  const rows = listed?.rows ?? (await turnEntriesJson(target, scope, turnId));
  return rows.map((r) => {
    r.created_at = float(r.created_at);
    r.expires_at = float(r.expires_at);
    return toEntry(r);
  });
}
