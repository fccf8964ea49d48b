import type { SearchHit } from '../../contract';
import type { SearchHit as EngineHit, SearchQuery, SearchResult as EngineResult } from '../search/types';
import type { EntryRecord, LaneTicket, SearchLanes } from './backend';

/*
 * A search over many entries with the backend's lanes (BackendReader.searchLanes: v2's worker threads). The entries
 * are still merged in search order, one at a time, exactly as the scan on the calling thread merges them
 * (core/search.ts); what changes is who searched an entry and when:
 * - each large entry has a lane (SearchLanes.laneOf, stable per row): a worker lane gets it as soon as it is free
 *   and the entry is in view; the calling thread's share it searches itself, when it comes to it or, while it waits
 *   for a worker's entry, ahead of it;
 * - an entry searched ahead got the limit left at that moment (`sentLimit`), never less than what is left when
 *   it is merged; its result is taken when it stopped short of what is left (fewer hits: it read to its end or to
 *   an abort, as a scan with that limit would) or when both limits are equal. Otherwise (an earlier entry's hits
 *   filled part of the page) it is searched again with the right limit, as are entries whose lane gave no result
 *   (null) and entries whose search ahead failed: the error, if it is one, is then raised in order;
 * - a search a worker lane has not started yet (queued behind another) is taken back by the calling thread when it
 *   has nothing else to search while it waits (LaneTicket.takeBack): it searches that entry ahead itself;
 * - the caller's abort stops every lane at its next chunk; searches ahead never merged are stopped when the call
 *   ends (close).
 * Memory: at most (count + 1) x AHEAD_PER_LANE + 1 entries in view, each result at most `limit` hits.
 */

/** Entries in view per lane (the calling thread counts as one): a lane that finishes finds its next entry listed. */
const AHEAD_PER_LANE = 3;
/**
 * Searches sent to one worker lane at a time: with one queued behind the running one, a worker that finishes while
 * the calling thread is busy with an entry of its own (and so does not see the message) goes on at once.
 */
const QUEUED_PER_LANE = 2;

/** Searches `entry` on the calling thread with `limit` hits from `inner` (core/search.ts's own scan of one entry). */
export type LocalSearch = (entry: EntryRecord, index: number, limit: number, inner: string | null) => Promise<EngineResult<SearchHit>>;

/** One entry of the search, in search order, with what was searched of it ahead. */
export interface LaneSlot {
  readonly entry: EntryRecord;
  /** The entry's index in a list source (-1 for a paged one), as core/search.ts's `inOrder` gives it. */
  readonly index: number;
  /** The per-entry cursor it resumes from (the call's cursor for its first entry), or null. */
  readonly inner: string | null;
  /** Whether the lanes take this entry, and its lane (SearchLanes.laneOf; -1 when not taken). */
  readonly lane: number;
  /** Its worker search, once sent. */
  ticket: LaneTicket | null;
  /** Its search ahead on the calling thread (null: it failed), once made. */
  local: EngineResult<SearchHit> | null | undefined;
  /** The limit it was searched with (hits). */
  sentLimit: number;
  readonly stop: AbortController;
}

/** Schedules the entries of one search call on the lanes; see the top of this file. */
export class LaneScheduler {
  private readonly ahead: LaneSlot[] = [];
  private ended = false;
  private closed = false;
  /** Searches of this call sent to each worker lane and not answered yet. */
  private readonly sent: number[];
  /** Lanes are used once two large entries are in view: a search of one entry gains nothing from them. */
  private engaged = false;
  private remaining = 0;
  private head: LaneSlot | null = null;
  private readonly onAbort = (): void => {
    for (const s of this.ahead) s.stop.abort();
    this.head?.stop.abort();
  };

  /**
   * @param lanes the backend's lanes
   * @param query the engine's query (literal or case-folded; regexes keep their own worker)
   * @param source the entries in search order with their list index (core/search.ts `inOrder`)
   * @param innerOf the per-entry cursor an entry resumes from, or null
   * @param local the calling thread's search of one entry
   * @param signal the caller's abort signal
   */
  constructor(
    private readonly lanes: SearchLanes,
    private readonly query: SearchQuery,
    /** The request's preview context (code points each side; undefined: the default). */
    private readonly previewContext: number | undefined,
    private readonly source: AsyncIterator<[EntryRecord, number]>,
    private readonly innerOf: (entry: EntryRecord) => string | null,
    private readonly local: LocalSearch,
    private readonly signal: AbortSignal | undefined,
  ) {
    this.sent = Array.from({ length: lanes.count }, () => 0);
    signal?.addEventListener('abort', this.onAbort, { once: true });
  }

  /**
   * The next entry in search order (null past the last), after sending the large entries in view to free worker
   * lanes with `remaining` (hits the page still takes) as their limit.
   */
  async next(remaining: number): Promise<LaneSlot | null> {
    this.remaining = remaining;
    while (!this.ended && this.ahead.length <= (this.lanes.count + 1) * AHEAD_PER_LANE) {
      const r = await this.source.next();
      if (r.done === true) {
        this.ended = true;
        break;
      }
      const [entry, index] = r.value;
      const lane = this.lanes.takes(entry) ? this.lanes.laneOf(entry) : -1;
      this.ahead.push({ entry, index, inner: this.innerOf(entry), lane, ticket: null, local: undefined, sentLimit: 0, stop: new AbortController() });
    }
    this.engaged ||= this.ahead.filter((s) => s.lane >= 0).length >= 2;
    this.dispatch();
    this.head = this.ahead.shift() ?? null;
    return this.head;
  }

  /**
   * The result of `slot` (the entry being merged) from a lane or a search ahead, when it is the one a search with
   * `remaining` as its limit gives (see the top of this file), else null: the caller searches the entry itself.
   * While its worker lane is still at it, the calling thread searches its own entries ahead.
   */
  async resultOf(slot: LaneSlot, remaining: number): Promise<EngineResult<SearchHit | EngineHit> | null> {
    let r: EngineResult<SearchHit | EngineHit> | null = null;
    if (slot.local !== undefined) r = slot.local;
    else if (slot.ticket !== null) {
      const ticket = slot.ticket;
      for (let s = this.pickLocal(); s !== null && !ticket.finished(); s = this.pickLocal()) await this.searchAhead(s);
      r = await ticket.result;
    }
    return r !== null && (r.hits.length < remaining || slot.sentLimit === remaining) ? r : null;
  }

  /** Stops every lane search of this call still running (the call returns or failed); nothing is sent after it. */
  async close(): Promise<void> {
    this.closed = true;
    this.signal?.removeEventListener('abort', this.onAbort);
    for (const s of this.ahead) s.stop.abort();
    this.head?.stop.abort();
    await this.source.return?.();
  }

  /**
   * The entry in view the calling thread searches next while it waits: its own share first, then any other, then
   * one a worker lane has not started yet (queued behind the one it runs), taken back from it: otherwise, at the
   * end of a search, the calling thread would wait while the worker searches two entries one after the other.
   */
  private pickLocal(): LaneSlot | null {
    if (!this.engaged || this.closed || this.remaining <= 0 || this.signal?.aborted === true) return null;
    const open = (s: LaneSlot) => s.ticket === null && s.local === undefined;
    const found = this.ahead.find((s) => open(s) && (s.lane === this.lanes.count || s.lane < 0)) ?? this.ahead.find(open);
    if (found !== undefined) return found;
    return this.ahead.find((s) => s.ticket !== null && s.local === undefined && !s.ticket.finished() && s.ticket.takeBack()) ?? null;
  }

  private async searchAhead(s: LaneSlot): Promise<void> {
    s.sentLimit = this.remaining;
    try {
      s.local = await this.local(s.entry, s.index, this.remaining, s.inner);
    } catch {
      s.local = null; // searched again when merged, where its error is raised in order
    }
  }

  /**
   * Sends the large entries in view to worker lanes with room (QUEUED_PER_LANE): each lane its own share, in order,
   * or else any entry not the next one merged.
   */
  private dispatch(): void {
    if (!this.engaged || this.closed || this.remaining <= 0) return;
    for (let lane = 0; lane < this.lanes.count; lane++) {
      while (this.sent[lane]! < QUEUED_PER_LANE) {
        const open = (s: LaneSlot) => s.ticket === null && s.local === undefined && s.lane >= 0;
        const s = this.ahead.find((x) => open(x) && x.lane === lane) ?? this.ahead.slice(1).find((x) => open(x) && x.lane !== this.lanes.count);
        if (s === undefined) break;
        s.sentLimit = this.remaining;
        this.sent[lane]!++;
        const ticket = this.lanes.search(
          s.entry,
          { query: this.query, limit: this.remaining, cursor: s.inner, previewContext: this.previewContext },
          s.stop.signal,
          lane,
        );
        s.ticket = ticket;
        const answered = () => {
          this.sent[lane]!--;
          this.dispatch();
        };
        void ticket.result.then(answered, answered);
      }
    }
  }
}
