import { z } from 'zod';
import {
  EntryDescriptionSchema,
  EntryMetaSchema,
  GcResultSchema,
  ListTurnsOptionsSchema,
  ListTurnsResultSchema,
  ReadLogEntrySchema,
  ReadLogSelectorSchema,
  ReadOptionsSchema,
  ReadResultSchema,
  SessionInfoSchema,
  StatsSchema,
} from './model';
import { CompareViewSchema } from './compare';
import { JsonOutlineSchema } from './json-outline';
import { SearchRequestSchema, SearchResultSchema } from './search';
import type { ChannelName, EventName } from './names';

const Id = z.string().min(1).max(128);
/** A turn id to look up: any length, since other writers store longer ones than a put accepts (see validate.ts). */
const TurnId = z.string().min(1);
const Empty = z.object({}).strict();

/**
 * The entry a deep link asks a window to show, and where: `offset` in the entry's slice unit (code points for
 * text, bytes for binary). Never a file or a principal: main has already opened the link's file by its own rules.
 */
export const LinkTargetSchema = z.object({ id: Id, offset: z.number().int().nonnegative().optional() }).strict();
/** See {@link LinkTargetSchema}. */
export type LinkTarget = z.infer<typeof LinkTargetSchema>;

/**
 * The one table of invoke channels (`domain:verb`): request and response schema of each.
 * Main registers exactly these; the preload exposes one method per entry; no request carries a principal
 * or a path (identity comes from the sender; files come from main's own dialogs and recent list).
 */
export const CHANNELS = {
  /** The window's session: file, format, principal. */
  'session:info': { request: Empty, response: SessionInfoSchema },
  /** One page of turns. */
  'turns:list': { request: ListTurnsOptionsSchema.strict(), response: ListTurnsResultSchema },
  /** A turn's entries, ordered by step then creation. */
  'turn:entries': { request: z.object({ turnId: TurnId }).strict(), response: z.array(EntryMetaSchema) },
  /** Metadata, full sha256, synthetic handle, detected binary type. */
  'entry:describe': { request: z.object({ id: Id }).strict(), response: EntryDescriptionSchema },
  /** A slice of an entry (head, tail, range, or full up to the store's cap). */
  'entry:read': { request: ReadOptionsSchema.extend({ id: Id }).strict(), response: ReadResultSchema },
  /** The outline of a structured entry (top containers, child counts, code-point ranges), from one scan where the store lives. */
  'entry:jsonOutline': { request: z.object({ id: Id }).strict(), response: JsonOutlineSchema },
  /** The scratchpad_read calls served for an entry or a turn, oldest first. */
  'entry:readLog': { request: ReadLogSelectorSchema, response: z.array(ReadLogEntrySchema) },
  /** Export an entry to a file the user picks in a native save dialog; streamed, with progress events. */
  'entry:export': {
    request: z.object({ id: Id }).strict(),
    response: z.object({ path: z.string().nullable(), bytesWritten: z.number().int().nonnegative() }),
  },
  /** Compare two entries (line diff, changed JSON paths, first differing byte); runs where the store lives. */
  'entry:compare': {
    request: z.object({ leftId: Id, rightId: Id, context: z.number().int().min(0).max(100).optional() }).strict(),
    response: CompareViewSchema,
  },
  /**
   * Matches of a pattern in the window principal's rows (one entry, one turn, or all), one page with a cursor.
   * The store bounds each call (2 s regex budget); there is no cancel channel: a new query simply supersedes.
   */
  'search:query': { request: SearchRequestSchema.strict(), response: SearchResultSchema },
  /** Counts and sizes. */
  'stats:get': { request: Empty, response: StatsSchema },
  /** What gc would delete at `now` (default the clock). */
  'gc:preview': { request: z.object({ now: z.number().positive().optional() }).strict(), response: GcResultSchema },
  /** Delete expired rows at the clock's now. */
  'gc:run': { request: Empty, response: GcResultSchema },
  /** Open another file: the native open dialog, or an index into main's own recent-files list. */
  'file:open': {
    request: z.object({ recentIndex: z.number().int().nonnegative().max(50).optional() }).strict(),
    response: SessionInfoSchema.nullable(),
  },
  /**
   * Open a PostgreSQL database the user typed in the connection dialog (File › Open connection…): a
   * `postgres://` or `postgresql://` URL, never a file path, and the password apart (masked in the dialog; it may
   * also be left to PGPASSWORD or ~/.pgpass). Main accepts it only while it has asked this window for a
   * connection (FORBIDDEN otherwise); the recent list keeps the URL without the password.
   */
  'connection:open': {
    request: z.object({ url: z.string().min(1).max(2048), password: z.string().max(1024).optional() }).strict(),
    response: SessionInfoSchema,
  },
  /** Ask main to let the user change who the window views as (menu / native confirmation in main). */
  'principal:choose': { request: Empty, response: SessionInfoSchema.nullable() },
  /**
   * The link target main kept for a window it opened for a deep link (its page could not listen yet), returned
   * once, then null. Links that arrive later come as the `link:open` event.
   */
  'link:pending': { request: Empty, response: LinkTargetSchema.nullable() },
} as const satisfies Record<ChannelName, { readonly request: z.ZodType; readonly response: z.ZodType }>;

/** Parsed request type of a channel. */
export type ChannelRequest<C extends ChannelName> = z.infer<(typeof CHANNELS)[C]['request']>;
/** Response value type of a channel (inside the envelope). */
export type ChannelResponse<C extends ChannelName> = z.infer<(typeof CHANNELS)[C]['response']>;

/** The push events main sends to windows. */
export const EVENTS = {
  /** The open file changed (another process wrote, gc ran, the session switched). */
  'store:changed': z.object({ reason: z.enum(['external-write', 'gc', 'session', 'ttl']) }),
  /** Progress of a streamed export. */
  'export:progress': z.object({
    id: Id,
    bytesWritten: z.number().int().nonnegative(),
    totalBytes: z.number().int().nonnegative(),
    done: z.boolean(),
  }),
  /** Main asks the window to show its connection dialog (File › Open connection…). */
  'connection:prompt': z.object({}).strict(),
  /** Progress of long store work (gc, stats over large files). */
  'work:progress': z.object({ task: z.string(), done: z.number().nonnegative(), total: z.number().nonnegative() }),
  /** A deep link to an entry of this window's file arrived while the window was open: show that entry there. */
  'link:open': LinkTargetSchema,
} as const satisfies Record<EventName, z.ZodType>;

/** Payload of one push event. */
export type EventPayload<E extends EventName> = z.infer<(typeof EVENTS)[E]>;
