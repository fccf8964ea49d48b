import type { SearchRequest } from '../../contract';
import type { BackendReader, EntryRecord } from './backend';

/*
 * The optional backend prefilter of a search (BackendReader.mayHoldBytes), asked ahead for a window of the
 * entries to come: an entry whose stored bytes cannot hold the needle is then not streamed to the engine at
 * all. Only searches that match exact bytes use it: a literal that is case-sensitive (text), or any literal over
 * a binary row (case does not apply to bytes); the engine matches those on the stored UTF-8 bytes, so "no
 * occurrence of the pattern's UTF-8 bytes" means "no hit". Regex, case-folded and hex searches scan as before.
 */

/** Stored bytes of the entries asked about in one call: the backend's scan of a window stays short. */
export const PREFILTER_WINDOW_BYTES = 64 * 1024 * 1024;
/** Entries asked about in one call at most. */
export const PREFILTER_WINDOW_ENTRIES = 1_000;

/** Answers "may entry i hold a match?" for the sorted entries of one search; see the top of this file. */
export type EntryPrefilter = (index: number) => Promise<boolean>;

/**
 * The prefilter of `request` over `entries` (sorted in scan order), or null when the backend has none or the
 * request does not match exact bytes. Each question about an entry not yet decided asks the backend about the
 * window of entries from it (up to PREFILTER_WINDOW_BYTES / PREFILTER_WINDOW_ENTRIES, at least one entry).
 */
export function entryPrefilter(reader: BackendReader, entries: readonly EntryRecord[], request: SearchRequest): EntryPrefilter | null {
  const ask = reader.mayHoldBytes?.bind(reader);
  if (ask === undefined || request.regex === true || request.hex === true) return null;
  const needle = Buffer.from(request.pattern, 'utf8');
  const exact = (e: EntryRecord) => e.kind === 'binary' || request.caseSensitive !== false;
  const decided = new Map<number, boolean>();
  return async (index) => {
    const entry = entries[index];
    if (entry === undefined || !exact(entry)) return true;
    const known = decided.get(index);
    if (known !== undefined) return known;
    const window: number[] = [];
    let bytes = 0;
    for (let k = index; k < entries.length && window.length < PREFILTER_WINDOW_ENTRIES; k++) {
      const e = entries[k]!;
      if (!exact(e)) continue;
      if (window.length > 0 && bytes + e.sizeBytes > PREFILTER_WINDOW_BYTES) break;
      window.push(k);
      bytes += e.sizeBytes;
    }
    const answers = await ask(
      window.map((k) => entries[k]!),
      needle,
    );
    window.forEach((k, j) => decided.set(k, answers[j] ?? true));
    return decided.get(index) ?? true;
  };
}
