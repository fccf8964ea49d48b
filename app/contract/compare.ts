import { z } from 'zod';
import { EntryKindSchema, ExpiryStateSchema, StepNumSchema } from './model';

/*
 * Isomorphic shapes of a comparison of two observations (app/compare computes them; the CLI prints them; IPC
 * carries them). Units: sizes and offsets in bytes, line numbers 1-based, times in milliseconds.
 */

/** One compared entry as described before any content is read. */
export const CompareSideSchema = z.object({
  id: z.string(),
  turnId: z.string(),
  stepNum: StepNumSchema,
  executorName: z.string().nullable(),
  kind: EntryKindSchema,
  /** True when the observation was an object stored as JSON text. */
  structured: z.boolean(),
  sizeBytes: z.number().int().nonnegative(),
  /** Full sha256 of the stored bytes, 64 hex digits. */
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  expiry: ExpiryStateSchema,
});
/** One compared entry as described before any content is read. */
export type CompareSide = Readonly<z.infer<typeof CompareSideSchema>>;

/**
 * One hunk of a unified line diff, in jsdiff's `StructuredPatch` hunk shape: `lines` start with ' ', '-' or '+'
 * (without the line break), and `\ No newline at end of file` follows a last line that has none.
 * oldStart/newStart are 1-based line numbers of the hunk's first line.
 */
export const DiffHunkSchema = z.object({
  oldStart: z.number().int().nonnegative(),
  oldLines: z.number().int().nonnegative(),
  newStart: z.number().int().nonnegative(),
  newLines: z.number().int().nonnegative(),
  lines: z.array(z.string()),
});
/** One hunk of a unified line diff. */
export type DiffHunk = Readonly<z.infer<typeof DiffHunkSchema>>;

/**
 * Line counts of a text diff. Within one block of removed and added lines with no equal line between, the first
 * min(removed, added) count as changed, the rest of the added as inserted, the rest of the removed as deleted.
 */
export const TextDiffStatsSchema = z.object({
  changed: z.number().int().nonnegative(),
  inserted: z.number().int().nonnegative(),
  deleted: z.number().int().nonnegative(),
  hunks: z.number().int().nonnegative(),
});
/** Line counts of a text diff. */
export type TextDiffStats = Readonly<z.infer<typeof TextDiffStatsSchema>>;

/** A line diff: hunks with `context` lines around each change; line totals null when the diff stopped early. */
export const TextDiffSchema = z.object({
  context: z.number().int().nonnegative(),
  hunks: z.array(DiffHunkSchema),
  stats: TextDiffStatsSchema,
  oldLineCount: z.number().int().nonnegative().nullable(),
  newLineCount: z.number().int().nonnegative().nullable(),
});
/** A line diff. */
export type TextDiff = Readonly<z.infer<typeof TextDiffSchema>>;

/** One structural difference at a path such as `results[3].status` or `results[id="a7"].status`. */
export const JsonChangeSchema = z.object({
  path: z.string(),
  kind: z.enum(['added', 'removed', 'changed']),
  /** Compact JSON of the old value (cut to a preview); absent for `added`. */
  before: z.string().optional(),
  /** Compact JSON of the new value (cut to a preview); absent for `removed`. */
  after: z.string().optional(),
});
/** One structural difference at a path. */
export type JsonChange = Readonly<z.infer<typeof JsonChangeSchema>>;

/** A structural diff of two JSON values: the changes found (in document order) and their counts. */
export const JsonDiffSchema = z.object({
  changes: z.array(JsonChangeSchema),
  counts: z.object({ added: z.number().int(), removed: z.number().int(), changed: z.number().int() }),
});
/** A structural diff of two JSON values. */
export type JsonDiff = Readonly<z.infer<typeof JsonDiffSchema>>;

/** Bytes around an offset: `start` is the offset of the first byte shown, `hex` two lowercase digits per byte. */
export const HexWindowSchema = z.object({ start: z.number().int().nonnegative(), hex: z.string() });
/** Bytes around an offset. */
export type HexWindow = Readonly<z.infer<typeof HexWindowSchema>>;

/** A byte comparison: first differing offset (null when equal) and both sides' bytes around it. */
export const BinaryDiffSchema = z.object({
  firstDifferenceOffset: z.number().int().nonnegative().nullable(),
  left: HexWindowSchema.nullable(),
  right: HexWindowSchema.nullable(),
});
/** A byte comparison. */
export type BinaryDiff = Readonly<z.infer<typeof BinaryDiffSchema>>;

/**
 * The result of comparing two entries. `mode`: `identical` (same id, or same size and sha256: no content read),
 * `text` (line diff, plus `json` when both are structured), `binary` (byte comparison), `kind-mismatch` (text vs
 * binary: sizes and sha256 only). `truncated`: a size or time budget stopped the work; what was found so far is kept.
 */
export const CompareResultSchema = z.object({
  left: CompareSideSchema,
  right: CompareSideSchema,
  sameEntry: z.boolean(),
  identical: z.boolean(),
  mode: z.enum(['identical', 'text', 'binary', 'kind-mismatch']),
  text: TextDiffSchema.nullable(),
  json: JsonDiffSchema.nullable(),
  binary: BinaryDiffSchema.nullable(),
  truncated: z.boolean(),
  /** Why the work stopped early; null when not truncated. */
  truncatedReason: z.string().nullable(),
  /** One line for a person: "2 lines changed, 1 inserted", "3 values changed at these paths", "identical". */
  summary: z.string(),
  /** Remarks on the input: expired rows, text vs binary, same entry. */
  notes: z.array(z.string()),
  elapsedMs: z.number().nonnegative(),
});
/** The result of comparing two entries. */
export type CompareResult = Readonly<z.infer<typeof CompareResultSchema>>;

/** A piece of one line in a side-by-side row; `changed` marks the words that differ from the paired line. */
export const WordSegmentSchema = z.object({ text: z.string(), changed: z.boolean() });
/** A piece of one line in a side-by-side row. */
export type WordSegment = Readonly<z.infer<typeof WordSegmentSchema>>;

/** One side of a side-by-side row: 1-based line number, the line, and its word segments when paired. */
export const SideCellSchema = z.object({ lineNo: z.number().int().nonnegative(), text: z.string(), segments: z.array(WordSegmentSchema).nullable() });
/** One side of a side-by-side row. */
export type SideCell = Readonly<z.infer<typeof SideCellSchema>>;

/** One row: `context` (both sides), `change` (a removed line beside an added one), `removed` or `added` (one side). */
export const SideBySideRowSchema = z.object({
  kind: z.enum(['context', 'change', 'removed', 'added']),
  left: SideCellSchema.nullable(),
  right: SideCellSchema.nullable(),
});
/** One side-by-side row. */
export type SideBySideRow = Readonly<z.infer<typeof SideBySideRowSchema>>;

/** One hunk as side-by-side rows, with its unified header (`@@ -a,b +c,d @@`). */
export const SideBySideHunkSchema = z.object({ header: z.string(), rows: z.array(SideBySideRowSchema) });
/** One hunk as side-by-side rows. */
export type SideBySideHunk = Readonly<z.infer<typeof SideBySideHunkSchema>>;

/** What the app's compare view gets: the comparison plus the side-by-side rows of its text hunks (empty when none). */
export const CompareViewSchema = CompareResultSchema.extend({ sideBySide: z.array(SideBySideHunkSchema) });
/** What the app's compare view gets. */
export type CompareView = Readonly<z.infer<typeof CompareViewSchema>>;
