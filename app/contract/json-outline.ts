import { z } from 'zod';

/*
 * The outline of a structured (JSON) entry, computed where the store lives from one scan of its text (store
 * `jsonOutline`, IPC `entry:jsonOutline`): the containers near the root with their child counts and where their
 * children's text is, so the JSON tree shows at once and reads a child's values by range when it comes into view.
 * Units: code points of the entry's text; `start`/`end` are [start, end) offsets.
 */

const Offset = z.number().int().nonnegative();

/** Scalar kinds of a JSON value. */
export const JsonScalarKindSchema = z.enum(['string', 'number', 'boolean', 'null']);

/**
 * Values per relative depth inside a block: `[0]` its children, `[1]` their children, and so on. The rows a block
 * shows under "open every container less than D deep" are the sum of `depths[r]` for r <= D - (its children's depth).
 */
const Depths = z.array(z.number().int().nonnegative());

/** A container described by the outline (the root, and every member longer than a block). */
export type JsonOutlineNode = {
  readonly kind: 'object' | 'array';
  /** Its text: from the opening bracket to one past the closing one. */
  readonly start: number;
  readonly end: number;
  /** Members (object) or items (array). */
  readonly size: number;
  /** Its children in order, in blocks that tile them. */
  readonly blocks: readonly JsonOutlineBlock[];
};

/**
 * A run of a container's children. `first` is the index of its first child (an array item's key).
 * - `values`: `count` children short enough to read together: the text [start, end) is their members (an
 *   object's `"key": value` pairs) or items with the commas between them, to parse inside `{}` or `[]`.
 * - `node`: one child container longer than a block, described in turn; `key` its member name (null in an array).
 * - `scalar`: one scalar longer than a block (a long string): its text [start, end) and `preview`, the first
 *   PREVIEW units of that text.
 */
export type JsonOutlineBlock =
  | {
      readonly type: 'values';
      readonly first: number;
      readonly count: number;
      readonly start: number;
      readonly end: number;
      readonly depths: readonly number[];
      /** The text [start, end), given with the first blocks the tree shows (its first screen needs no read). */
      readonly text?: string;
    }
  | { readonly type: 'node'; readonly first: number; readonly key: string | null; readonly node: JsonOutlineNode; readonly depths: readonly number[] }
  | {
      readonly type: 'scalar';
      readonly first: number;
      readonly key: string | null;
      readonly kind: z.infer<typeof JsonScalarKindSchema>;
      readonly start: number;
      readonly end: number;
      readonly preview: string;
    };

/** See {@link JsonOutlineNode}. */
export const JsonOutlineNodeSchema: z.ZodType<JsonOutlineNode> = z.lazy(() =>
  z.object({ kind: z.enum(['object', 'array']), start: Offset, end: Offset, size: Offset, blocks: z.array(JsonOutlineBlockSchema) }),
);

/** See {@link JsonOutlineBlock}. */
export const JsonOutlineBlockSchema: z.ZodType<JsonOutlineBlock> = z.lazy(() =>
  z.discriminatedUnion('type', [
    z.object({ type: z.literal('values'), first: Offset, count: Offset, start: Offset, end: Offset, depths: Depths, text: z.string().optional() }),
    z.object({ type: z.literal('node'), first: Offset, key: z.string().nullable(), node: JsonOutlineNodeSchema, depths: Depths }),
    z.object({
      type: z.literal('scalar'),
      first: Offset,
      key: z.string().nullable(),
      kind: JsonScalarKindSchema,
      start: Offset,
      end: Offset,
      preview: z.string(),
    }),
  ]),
);

/**
 * The outline of an entry of `totalCodePoints`: `root` its top container, or null with `reason` when the text has
 * no outline to give (a scalar at the top, text that is not JSON, nesting deeper than the outline follows): the
 * JSON tree then parses the whole text itself.
 */
export const JsonOutlineSchema = z.object({ totalCodePoints: Offset, root: JsonOutlineNodeSchema.nullable(), reason: z.string().optional() });
/** See {@link JsonOutlineSchema}. */
export type JsonOutline = z.infer<typeof JsonOutlineSchema>;
