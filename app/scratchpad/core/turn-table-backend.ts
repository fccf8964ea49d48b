import type { BackendReader, BackendWriter, OwnerScope, ScratchpadBackend, TurnPageQuery } from './backend';
import { SIZE_BUCKETS } from './records';
import { answersQuery, countOf, expiredRecordsOf, pageOf, statsOf, type ResolveExpired } from './turn-answers';
import { buildTurnTable, type TurnTable } from './turn-table';
import type { OwnerTotals, TurnRowSource } from './turn-source';

/*
 * A backend whose turn questions (turnPage, turnCount, firstTurnPage, statsTotals, expiredRows) are answered
 * from an in-memory turn table when the backend offers `turnRows` (turn-source.ts). Exactness: before every
 * answer the table is checked against the backend's change token (another connection's commit) and this
 * store's own write count (put, gc, TTL changes, bumped when each starts and when it ends); if either moved it
 * is reloaded whole, in one snapshot, once a question finds the rows as the previous one left them (until
 * then, and for a first question, the backend answers). A table loaded while one of our writes was in flight is used for that
 * answer only. Expired counts of turns straddling `now` are read in a snapshot that must still carry the
 * table's token and see no write of ours since the load, else the table is reloaded and the answer retried.
 * Above `maxTurns` rows (memory), and for queries the table cannot answer exactly, the backend's own SQL answers.
 */

/** How many reloads an answer tries before it asks the backend's own path instead. */
const ATTEMPTS = 3;

/** Thrown inside an answer when the backend's rows moved since the table was loaded. */
const STALE = Symbol('stale turn table');

/** The bucket bounds the table stores counts of. */
const storedBounds = (bounds: readonly number[]) => bounds.length === SIZE_BUCKETS.length && bounds.every((b, i) => b === SIZE_BUCKETS[i]);

/**
 * `backend` with its turn questions answered from a turn table of at most `maxTurns` (owner, turn) rows; the
 * backend itself when it has no `turnRows` or `maxTurns` is 0. Errors are the backend's (the table raises none).
 */
export function withTurnTable(backend: ScratchpadBackend, maxTurns: number): ScratchpadBackend {
  const source: TurnRowSource | undefined = backend.turnRows;
  if (source === undefined || !(maxTurns > 0)) return backend;
  const inner = backend.reader;
  let writes = 0;
  let inFlight = 0;
  /** The table of the last load (null above the bound), its token and write count, and its owners' totals once asked. */
  let current: { readonly token: number; readonly writes: number; readonly table: TurnTable | null; totals: readonly OwnerTotals[] | null } | null = null;

  /** The change state (token, write count) the previous question saw: the table is loaded only once two agree. */
  let previous: { readonly token: number; readonly writes: number } | null = null;

  /**
   * The current table; null when the backend's own statements answer this question: the rows changed since
   * the previous question (or this is the first one). A load costs about four of the backend's answers, so
   * while a writer keeps committing between questions (a live agent) each is answered the backend's way, as
   * cheap as before the table existed, and the table is loaded at the first question that finds the rows as
   * the previous one left them (a file being read, not written).
   */
  async function load() {
    const token = await source!.token();
    if (current !== null && current.token === token && current.writes === writes) return current;
    const quiet = previous !== null && previous.token === token && previous.writes === writes && inFlight === 0;
    previous = { token, writes };
    if (!quiet) return null;
    // NaN never equals the count: a table loaded during one of our writes serves this answer only.
    const tag = inFlight === 0 ? writes : NaN;
    const loaded = await source!.load(maxTurns);
    current = { token: loaded.token, writes: tag, table: loaded.rows === null ? null : buildTurnTable(loaded.rows), totals: null };
    return current;
  }

  /** `ask` over a current table, retried on a stale straddle read; `fallback` above the bound or after ATTEMPTS. */
  async function answer<T>(
    scope: OwnerScope,
    query: string | null,
    ask: (t: TurnTable, resolve: ResolveExpired, totals: () => Promise<readonly OwnerTotals[]>) => Promise<T>,
    fallback: () => Promise<T>,
  ): Promise<T> {
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      const c = await load();
      const t = c?.table ?? null;
      if (c === null || t === null || !answersQuery(t.view(scope), query)) return fallback();
      const fresh = () => c.writes === writes && inFlight === 0;
      const totals = async () => {
        if (c.totals === null) {
          const got = await source!.totals(c.token);
          if (got === null || !fresh()) throw STALE;
          c.totals = got;
        }
        return c.totals;
      };
      const resolve: ResolveExpired = async (rows, now) => {
        const got = await source!.expired(
          c.token,
          rows.map((m) => ({ owner: t.rows[m]![0], turnId: t.rows[m]![1] })),
          now,
        );
        if (got === null || got.length !== rows.length || !fresh()) throw STALE;
        return got;
      };
      try {
        return await ask(t, resolve, totals);
      } catch (err) {
        if (err !== STALE) throw err;
        current = null;
      }
    }
    return fallback();
  }

  const reader: BackendReader = {
    ...inner,
    turnPage: (q) =>
      answer(
        q.scope,
        q.query,
        (t, r) => pageOf(t, q, r),
        () => inner.turnPage(q),
      ),
    turnCount: (scope, query) =>
      answer(
        scope,
        query,
        async (t) => countOf(t.view(scope), query),
        () => inner.turnCount(scope, query),
      ),
    firstTurnPage: (q: TurnPageQuery) =>
      answer(
        q.scope,
        q.query,
        async (t, r) => ({ rows: await pageOf(t, q, r), total: countOf(t.view(q.scope), q.query) }),
        async () => inner.firstTurnPage?.(q) ?? { rows: await inner.turnPage(q), total: await inner.turnCount(q.scope, q.query) },
      ),
    statsTotals: (scope, now, bounds) =>
      storedBounds(bounds)
        ? answer(
            scope,
            null,
            async (t, r, totals) => statsOf(t, { scope, now }, await totals(), bounds.length + 1, r),
            () => inner.statsTotals(scope, now, bounds),
          )
        : inner.statsTotals(scope, now, bounds),
    expiredRows: (scope, now) =>
      answer(
        scope,
        null,
        (t, r) => expiredRecordsOf(t, { scope, now }, r),
        () => inner.expiredRows(scope, now),
      ),
  };

  /** A write method that bumps the write count when it starts and when it ends. */
  const counted =
    <A extends unknown[], R>(fn: (...args: A) => Promise<R>) =>
    (...args: A): Promise<R> => {
      writes++;
      inFlight++;
      const done = () => {
        inFlight--;
        writes++;
      };
      let p: Promise<R>;
      try {
        p = fn(...args);
      } catch (err) {
        done();
        throw err;
      }
      return p.finally(done);
    };
  const w = backend.writer;
  const writer: BackendWriter | null =
    w === null
      ? null
      : {
          ...w,
          insert: counted(w.insert.bind(w)),
          deleteExpired: counted(w.deleteExpired.bind(w)),
          setExpiry: counted(w.setExpiry.bind(w)),
        };
  return { ...backend, reader, writer, close: backend.close.bind(backend) };
}
