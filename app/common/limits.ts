/*
 * The numeric limits and defaults more than one layer uses (store, engine, main, renderer, CLI), each defined
 * once. This file imports nothing, so the contract's schemas can use it too. Units are in every name or doc:
 * a name length in UTF-16 units (JS string length), a slice in units of the value (code points for text,
 * bytes for binary), a time in seconds.
 */

/** Longest user id, turn id, executor name, actor, channel or turns query, in UTF-16 units (string length). */
export const MAX_NAME_LENGTH = 256;

/** Shortest id prefix the store resolves to an id, in hex digits (Scratchpad.resolveId). */
export const MIN_ID_PREFIX = 8;
/** Longest id or id prefix accepted, in hex digits. */
export const MAX_ID_PREFIX = 64;

/** Longest wait for a lock (OpenOptions.busyTimeoutMs, the CLI's --busy-timeout), in ms: SQLite takes a 32-bit int. */
export const MAX_BUSY_TIMEOUT_MS = 2_147_483_647;

/** Default `n` of head and tail reads, in units (as the original runtime's scratchpad_read). */
export const DEFAULT_SLICE_LENGTH = 2_000;
/** Default cap of every read mode and of `get` (OpenOptions.maxReadLength), in units. */
export const DEFAULT_MAX_READ_LENGTH = 1_048_576;
/**
 * Longest slice a front end asks for at once, per unit: 262,144 code points (at most 4 UTF-8 bytes each, so
 * <= 1 MiB) or 1 MiB of bytes. The app's Content and hex views hold at most this much of one entry; the CLI
 * streams an explicit slice in windows of this size. Well under {@link DEFAULT_MAX_READ_LENGTH}.
 */
export const WINDOW_UNITS = { code_points: 262_144, bytes: 1_048_576 } as const;

/** Default `limit` of listTurns (turns per page). */
export const DEFAULT_TURNS_LIMIT = 100;
/** Largest `limit` of listTurns (turns per page). */
export const MAX_TURNS_LIMIT = 1_000;

/** Default width of the `expiring` window before a row's expiry, in seconds. */
export const DEFAULT_EXPIRING_WINDOW_SECONDS = 300;

/** Most hits one search call returns (contract search.ts; the renderer's find bar pages by it). */
export const MAX_SEARCH_HITS = 1000;

/**
 * Context of a search hit's preview on each side of the match in a text row, in code points: the default, and
 * the most a call may ask for (contract search.ts `previewContext`; binary rows keep 16 bytes).
 */
export const DEFAULT_PREVIEW_CONTEXT = 30;
export const MAX_PREVIEW_CONTEXT = 100;

/**
 * Longest structured entry the JSON tree outlines, in code points (store `jsonOutline` answers TOO_LARGE above
 * it; the tree then offers the raw text): one scan of this much text takes about a second.
 */
export const MAX_JSON_TREE_CODE_POINTS = 64 * 1024 * 1024;
