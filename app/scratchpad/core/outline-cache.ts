import type { JsonOutline } from '../../contract/json-outline';

/** Outlines a store keeps (by entry): a tree reopened, or asked for again while its scan runs, scans no more. */
const OUTLINES_KEPT = 8;

/**
 * The last {@link OUTLINES_KEPT} outlines of one store, by entry. A stored entry's content never changes (a put
 * makes a new id), so the entry's id, creation time and size name its text; a scan still running is shared.
 * The caller checks ownership before every `get` (a kept outline is only handed to a principal that may read
 * the entry). A failed scan is not kept.
 */
export function createOutlineCache() {
  const kept = new Map<string, Promise<JsonOutline>>();
  return {
    get(entry: { readonly id: string; readonly createdAt: number; readonly sizeBytes: number }, scan: () => Promise<JsonOutline>): Promise<JsonOutline> {
      const key = `${entry.id}\n${entry.createdAt}\n${entry.sizeBytes}`;
      let outline = kept.get(key);
      if (outline) {
        kept.delete(key);
        kept.set(key, outline);
        return outline;
      }
      outline = scan();
      kept.set(key, outline);
      outline.catch(() => kept.delete(key));
      if (kept.size > OUTLINES_KEPT) kept.delete(kept.keys().next().value!);
      return outline;
    },
  };
}
