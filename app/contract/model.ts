import { z } from 'zod';
import { MAX_NAME_LENGTH, MAX_TURNS_LIMIT } from '../common/limits';

/*
 * Isomorphic data shapes shared by the store, the IPC layer and the renderer.
 * Units: times are Unix seconds (float); sizes are bytes unless the name says code points.
 */

/** Who is asking: one user (sees only its own rows) or the operator (sees every owner). */
export const PrincipalSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('user'), userId: z.string().min(1).max(MAX_NAME_LENGTH) }),
  z.object({ kind: z.literal('operator') }),
]);
/** Who is asking: one user (sees only its own rows) or the operator (sees every owner). */
export type Principal = Readonly<z.infer<typeof PrincipalSchema>>;

/**
 * The storage formats: this project's own file (`v2`), the original Python runtime's file (`metnos-v1`) and a
 * PostgreSQL database (`postgres`).
 */
export const FormatSchema = z.enum(['v2', 'metnos-v1', 'postgres']);
/** One of {@link FormatSchema}. */
export type Format = z.infer<typeof FormatSchema>;

/** How a row is stored: UTF-8 text (sliced in code points) or raw bytes (sliced in bytes). */
export const EntryKindSchema = z.enum(['text', 'binary']);
/** How a row is stored. */
export type EntryKind = z.infer<typeof EntryKindSchema>;

/** Expiry state at the store's clock: expired when expiresAt <= now, expiring within the window, else live. */
export const ExpiryStateSchema = z.enum(['live', 'expiring', 'expired']);
/** Expiry state at the store's clock. */
export type ExpiryState = z.infer<typeof ExpiryStateSchema>;

/** Type of a binary row detected from its magic bytes; null for text rows. */
export const DetectedTypeSchema = z.enum(['png', 'jpeg', 'gif', 'webp', 'pdf', 'zip', 'gzip', 'unknown']);
/** Type of a binary row detected from its magic bytes. */
export type DetectedType = z.infer<typeof DetectedTypeSchema>;

/**
 * A step number as stored: a safe integer, or a string when the stored value is not one (above 2^53, a
 * fraction such as 2.5, or TEXT another writer stored), shown verbatim; null when there is none.
 */
export const StepNumSchema = z.union([z.number().int(), z.string()]).nullable();
/** A step number as stored (see {@link StepNumSchema}). */
export type StepNum = z.infer<typeof StepNumSchema>;

/**
 * An expiry time in Unix seconds, or null when the stored expiry is not a finite time (JSON has no Infinity):
 * the row's `expiry` (or a turn's `expiredCount`) says which side. `live` with null: never expires (+Infinity,
 * or a non-numeric value such as TEXT 'never' that gc's `expiresAt <= now` never reaches); `expired` with null:
 * always expired (-Infinity). {@link expiresAtValue} (expiry.ts) turns it back into a number.
 */
export const ExpiresAtSchema = z.number().nullable();

/** Metadata of one stored observation (never its content). */
export const EntryMetaSchema = z.object({
  id: z.string(),
  turnId: z.string(),
  stepNum: StepNumSchema,
  executorName: z.string().nullable(),
  kind: EntryKindSchema,
  /** True when the observation was an object stored as JSON text. */
  structured: z.boolean(),
  sizeBytes: z.number().int().nonnegative(),
  /** Length of text in code points; null for binary rows and where unknown without reading content (metnos-v1 lists). */
  lengthCodePoints: z.number().int().nonnegative().nullable(),
  summary: z.string(),
  createdAt: z.number(),
  expiresAt: ExpiresAtSchema,
  expiry: ExpiryStateSchema,
  /** Owner user id; null for rows with no owner (metnos-v1). */
  owner: z.string().nullable(),
  actor: z.string().nullable(),
  channel: z.string().nullable(),
});
/** Metadata of one stored observation (never its content). */
export type EntryMeta = Readonly<z.infer<typeof EntryMetaSchema>>;

/** The short stand-in the model sees instead of a large observation (snake_case, as the original runtime). */
export const SyntheticHandleSchema = z
  .object({
    ok: z.boolean(),
    scratchpad_id: z.string(),
    step_num: z.number().int().nullable(),
    size_bytes: z.number().int(),
    kind: z.string(),
    summary: z.string(),
    metadata: z.record(z.string(), z.unknown()).nullable().optional(),
    list_field: z.string().optional(),
    count: z.number().int().optional(),
    schema: z.array(z.string()).optional(),
    ref_hint: z.string(),
  })
  .catchall(z.unknown());
/** The short stand-in the model sees instead of a large observation. */
export type SyntheticHandle = Readonly<z.infer<typeof SyntheticHandleSchema>>;

/** describe(): metadata, full sha256 (64 hex), the stored handle (null where none was stored) and binary type. */
export const EntryDescriptionSchema = z.object({
  meta: EntryMetaSchema,
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  handle: SyntheticHandleSchema.nullable(),
  detectedType: DetectedTypeSchema.nullable(),
});
/** describe(): metadata, full sha256, stored handle and binary type. */
export type EntryDescription = Readonly<z.infer<typeof EntryDescriptionSchema>>;

/**
 * Read modes: whole value (capped), first n, last n, units [start, end), or `lines` [start, end) (0-based
 * lines of a text row, each without its terminator).
 */
export const ReadModeSchema = z.enum(['full', 'head', 'tail', 'range', 'lines']);
/** Read modes. */
export type ReadMode = z.infer<typeof ReadModeSchema>;

/**
 * A read request. n/start/end are integers >= 0 in code points (text) or bytes (binary); end is exclusive.
 * Mode `lines` (text rows only): start/end are 0-based line numbers (end exclusive, default: to the last line).
 */
export const ReadOptionsSchema = z.object({
  mode: ReadModeSchema,
  n: z.number().int().nonnegative().optional(),
  start: z.number().int().nonnegative().optional(),
  end: z.number().int().nonnegative().optional(),
});
/** A read request. */
export type ReadOptions = Readonly<z.infer<typeof ReadOptionsSchema>>;

/** What a read returned; start/end/lengths in `unit`. */
export const ReadMetaSchema = z.object({
  id: z.string(),
  kind: EntryKindSchema,
  unit: z.enum(['code_points', 'bytes']),
  totalLength: z.number().int().nonnegative(),
  start: z.number().int().nonnegative(),
  end: z.number().int().nonnegative(),
  returnedLength: z.number().int().nonnegative(),
  truncated: z.boolean(),
  /** Text rows: the 1-based line (in the whole entry) where the slice starts; null for binary rows. */
  startLine: z.number().int().positive().nullable().optional(),
  /** Text rows: the entry's line count (`\n` and `\r\n` are one break each; a lone `\r` is not); null for binary rows. */
  totalLines: z.number().int().nonnegative().nullable().optional(),
});
/** What a read returned. */
export type ReadMeta = Readonly<z.infer<typeof ReadMetaSchema>>;

/**
 * A slice: text as UTF-8 string, binary as base64 of the bytes. Mode `lines`: `lines` holds each line without
 * its terminator and `content` is them joined with `\n`; meta.start/end are the code points the lines span.
 */
export const ReadResultSchema = z.object({
  content: z.string(),
  encoding: z.enum(['utf8', 'base64']),
  meta: ReadMetaSchema,
  lines: z.array(z.string()).optional(),
});
/** A slice of one entry. */
export type ReadResult = Readonly<z.infer<typeof ReadResultSchema>>;

/** One turn as listed: counts and times over the rows the principal may see. */
export const TurnSummarySchema = z.object({
  turnId: z.string(),
  entryCount: z.number().int().nonnegative(),
  totalBytes: z.number().int().nonnegative(),
  firstCreatedAt: z.number(),
  lastCreatedAt: z.number(),
  /** null: not a finite time (see {@link ExpiresAtSchema}); expiredCount > 0 then means -Infinity, else +Infinity. */
  earliestExpiresAt: ExpiresAtSchema,
  expiredCount: z.number().int().nonnegative(),
  /** Distinct executor names in the turn. */
  executors: z.array(z.string()),
  /** Distinct owners: filled for the operator only (empty for users and for rows with no owner). */
  owners: z.array(z.string()),
});
/** One turn as listed. */
export type TurnSummary = Readonly<z.infer<typeof TurnSummarySchema>>;

/**
 * What a turn page is sorted by, one key per TurnSummary column: turn id, entries, size, first / last created,
 * earliest expiry, expired count. Ties are broken by turn id in the same direction.
 */
export const TurnSortSchema = z.enum(['lastCreated', 'totalBytes', 'turnId', 'entryCount', 'firstCreated', 'earliestExpires', 'expiredCount']);
/** A turn page's sort key. */
export type TurnSort = z.infer<typeof TurnSortSchema>;
/** Sort direction of a list: ascending or descending. */
export const SortDirectionSchema = z.enum(['asc', 'desc']);
/** Sort direction. */
export type SortDirection = z.infer<typeof SortDirectionSchema>;

/**
 * listTurns options: page size (1..1000, default 100), opaque cursor (valid only with the same sort and
 * direction), filter on turn id or executor, sort (default lastCreated), direction (default desc).
 */
export const ListTurnsOptionsSchema = z.object({
  limit: z.number().int().min(1).max(MAX_TURNS_LIMIT).optional(),
  cursor: z.string().max(1024).optional(),
  query: z.string().max(MAX_NAME_LENGTH).optional(),
  sort: TurnSortSchema.optional(),
  direction: SortDirectionSchema.optional(),
});
/** listTurns options. */
export type ListTurnsOptions = Readonly<z.infer<typeof ListTurnsOptionsSchema>>;

/** One page of turns; nextCursor null on the last page; `total`: turns in scope matching the query (all pages). */
export const ListTurnsResultSchema = z.object({
  turns: z.array(TurnSummarySchema),
  nextCursor: z.string().nullable(),
  total: z.number().int().nonnegative().optional(),
});
/** One page of turns. */
export type ListTurnsResult = Readonly<z.infer<typeof ListTurnsResultSchema>>;

/** gc options: `now` in Unix seconds (default the clock), dryRun counts without deleting. */
export const GcOptionsSchema = z.object({ now: z.number().positive().optional(), dryRun: z.boolean().optional() });
/** gc options. */
export type GcOptions = Readonly<z.infer<typeof GcOptionsSchema>>;

/** What gc deleted (or would delete, on a dry run), in total and per turn. */
export const GcResultSchema = z.object({
  deletedRows: z.number().int().nonnegative(),
  deletedBytes: z.number().int().nonnegative(),
  now: z.number(),
  dryRun: z.boolean(),
  turns: z.array(z.object({ turnId: z.string(), owner: z.string().nullable(), rows: z.number().int(), bytes: z.number().int() })),
});
/** What gc deleted (or would delete). */
export type GcResult = Readonly<z.infer<typeof GcResultSchema>>;

const RowsBytes = z.object({ rows: z.number().int().nonnegative(), bytes: z.number().int().nonnegative() });

/** stats(): counts over the rows the principal may see; byOwner and file figures for the operator only. */
export const StatsSchema = z.object({
  rows: z.number().int().nonnegative(),
  bytes: z.number().int().nonnegative(),
  byKind: z.object({ text: RowsBytes, binary: RowsBytes }),
  expiredRows: z.number().int().nonnegative(),
  expiredBytes: z.number().int().nonnegative(),
  /** Row counts by size: each bucket counts rows with size in (previous upToBytes, upToBytes]; the last is unbounded (null). */
  sizeBuckets: z.array(z.object({ upToBytes: z.number().int().nullable(), rows: z.number().int().nonnegative() })),
  byOwner: z.array(RowsBytes.extend({ owner: z.string().nullable() })).optional(),
  fileSizeBytes: z.number().int().nonnegative().optional(),
  pageSize: z.number().int().positive().optional(),
  freePages: z.number().int().nonnegative().optional(),
});
/** stats() result. */
export type Stats = Readonly<z.infer<typeof StatsSchema>>;

/** Which entries' read log to return. */
export const ReadLogSelectorSchema = z.union([z.object({ id: z.string().min(1).max(128) }), z.object({ turnId: z.string().min(1) })]);
/** Which entries' read log to return. */
export type ReadLogSelector = Readonly<z.infer<typeof ReadLogSelectorSchema>>;

/** One `scratchpad_read` served to a model: what was asked and the slice actually returned (in `unit`). */
export const ReadLogEntrySchema = z.object({
  entryId: z.string(),
  turnId: z.string(),
  /** 'operator', or the user id that read (written `user:<id>` when the id is `operator` or starts with `user:`). */
  principal: z.string(),
  mode: ReadModeSchema,
  unit: z.enum(['code_points', 'bytes']),
  start: z.number().int().nonnegative(),
  end: z.number().int().nonnegative(),
  truncated: z.boolean(),
  at: z.number(),
});
/** One `scratchpad_read` served to a model. */
export type ReadLogEntry = Readonly<z.infer<typeof ReadLogEntrySchema>>;

/** A window's session: the open file, its format, who it views as. */
export const SessionInfoSchema = z.object({
  file: z.string(),
  format: FormatSchema,
  readonly: z.boolean(),
  principal: PrincipalSchema,
  /** The owners this file holds (for the "view as" menu); operator sessions only, else empty. */
  knownOwners: z.array(z.string()),
  recentFiles: z.array(z.string()),
});
/** A window's session. */
export type SessionInfo = Readonly<z.infer<typeof SessionInfoSchema>>;
