import { describe, expect, it } from 'vitest';
import type { EntryRecord, LaneJob, LaneTicket, SearchLanes } from '../../app/scratchpad/core/backend';
import { LaneScheduler, type LocalSearch } from '../../app/scratchpad/core/search-lanes';
import { STARTED, STATE_SLOTS, TAKEN, startJob, takeBackJob } from '../../app/scratchpad/v2/scan-protocol';

/*
 * A search a worker lane has not started yet can be taken back by the calling thread (scan-protocol.ts
 * startJob/takeBackJob, core/search-lanes.ts pickLocal): at the end of a search the calling thread, with nothing
 * of its own left, searches the entry queued on the worker instead of waiting for the worker to search two
 * entries one after the other.
 */

const lane = () => new Int32Array(new SharedArrayBuffer(4 * STATE_SLOTS));

describe('the take-back handshake (scan-protocol.ts)', () => {
  it('takes back the next job to start, which the worker then skips', () => {
    const state = lane();
    expect(startJob(state, 1)).toBe(true); // job 1 runs
    expect(takeBackJob(state, 2)).toBe(true); // job 2 waits behind it: taken back
    expect(Atomics.load(state, TAKEN)).toBe(2);
    expect(startJob(state, 2)).toBe(false); // the worker comes to it: skipped
    expect(startJob(state, 3)).toBe(true); // a later job runs
  });

  it('does not take back a job that started, nor one with an earlier job not started yet', () => {
    const state = lane();
    expect(takeBackJob(state, 2)).toBe(false); // job 1 has not started: job 2 is not the next
    expect(startJob(state, 1)).toBe(true);
    expect(startJob(state, 2)).toBe(true);
    expect(takeBackJob(state, 2)).toBe(false); // started
    expect(Atomics.load(state, STARTED)).toBe(2);
    expect(Atomics.load(state, TAKEN)).toBe(0);
  });

  it('when both sides race, the worker gives the job up: it is searched once, on the main thread', () => {
    const state = lane();
    startJob(state, 1);
    // The main thread wrote TAKEN, the worker then started job 2 before the main thread read STARTED again.
    Atomics.store(state, TAKEN, 2);
    expect(startJob(state, 2)).toBe(false);
    // What the main thread reads next: started, so takeBackJob answers false and it waits for the (null) answer.
    expect(Atomics.load(state, STARTED)).toBe(2);
    expect(takeBackJob(state, 2)).toBe(false);
  });
});

/** A lane ticket the test finishes by hand; `started` says whether the worker began it (takeBack then fails). */
interface FakeTicket extends LaneTicket {
  readonly entry: string;
  started: boolean;
  takenBack: boolean;
  finish(hits: number): void;
}

function fakeLanes(laneOf: Record<string, number>) {
  const tickets: FakeTicket[] = [];
  const lanes: SearchLanes = {
    count: 1,
    takes: () => true,
    laneOf: (e) => laneOf[e.id]!,
    search(entry: EntryRecord, _job: LaneJob): LaneTicket {
      let resolve!: (r: { hits: never[]; nextCursor: null; scannedBytes: number; truncated: false } | null) => void;
      let done = false;
      const ticket: FakeTicket = {
        entry: entry.id,
        started: tickets.length === 0, // the worker starts the first one it gets; the second waits behind it
        takenBack: false,
        result: new Promise((r) => (resolve = r)),
        finished: () => done,
        takeBack() {
          if (ticket.started || done) return false;
          ticket.takenBack = true;
          done = true;
          resolve(null);
          return true;
        },
        finish(hits) {
          done = true;
          resolve({ hits: Array(hits).fill(null) as never[], nextCursor: null, scannedBytes: 100, truncated: false });
        },
      };
      tickets.push(ticket);
      return ticket;
    },
  };
  return { lanes, tickets };
}

async function* source(ids: string[]): AsyncGenerator<[EntryRecord, number]> {
  for (let i = 0; i < ids.length; i++) yield [{ id: ids[i] } as EntryRecord, i];
}

describe('LaneScheduler', () => {
  it('takes back the entry queued on the worker when the calling thread has nothing else to search', async () => {
    // e0 and e3 are the calling thread's (lane 1); e1 and e2 the worker's (lane 0), both sent to it at once.
    const { lanes, tickets } = fakeLanes({ e0: 1, e1: 0, e2: 0, e3: 1 });
    const searchedHere: string[] = [];
    const local: LocalSearch = async (entry) => {
      searchedHere.push(entry.id);
      return { hits: [], nextCursor: null, scannedBytes: 7, truncated: false };
    };
    const scheduler = new LaneScheduler(lanes, { pattern: 'x' }, undefined, source(['e0', 'e1', 'e2', 'e3']), () => null, local, undefined);

    const s0 = await scheduler.next(1000);
    expect(s0?.entry.id).toBe('e0');
    expect(tickets.map((t) => t.entry)).toEqual(['e1', 'e2']);
    // e0 has no result ahead: the caller searches it itself (core/search.ts), as it would without lanes.
    expect(await scheduler.resultOf(s0!, 1000)).toBeNull();

    const s1 = await scheduler.next(1000);
    expect(s1?.entry.id).toBe('e1');
    const waiting = scheduler.resultOf(s1!, 1000);
    // While the worker is at e1: the calling thread searches its own e3, then takes e2 back from the worker.
    await new Promise((r) => setTimeout(r, 10));
    expect(searchedHere).toEqual(['e3', 'e2']);
    expect(tickets[1]!.takenBack).toBe(true);
    expect(tickets[0]!.takenBack).toBe(false);
    tickets[0]!.finish(2);
    expect((await waiting)?.hits).toHaveLength(2);

    // e2's result is the calling thread's search, not the taken-back ticket's null.
    const s2 = await scheduler.next(998);
    expect(s2?.entry.id).toBe('e2');
    expect(await scheduler.resultOf(s2!, 998)).toMatchObject({ scannedBytes: 7 });
    const s3 = await scheduler.next(998);
    expect(await scheduler.resultOf(s3!, 998)).toMatchObject({ scannedBytes: 7 });
    expect(await scheduler.next(998)).toBeNull();
    await scheduler.close();
    expect(searchedHere).toEqual(['e3', 'e2']);
  });

  it('waits for the worker when the queued search already started there', async () => {
    const { lanes, tickets } = fakeLanes({ e0: 1, e1: 0, e2: 0 });
    const searchedHere: string[] = [];
    const local: LocalSearch = async (entry) => {
      searchedHere.push(entry.id);
      return { hits: [], nextCursor: null, scannedBytes: 7, truncated: false };
    };
    const scheduler = new LaneScheduler(lanes, { pattern: 'x' }, undefined, source(['e0', 'e1', 'e2']), () => null, local, undefined);
    const s0 = await scheduler.next(1000);
    await scheduler.resultOf(s0!, 1000);
    tickets[1]!.started = true; // the worker got to e2 (another lane's thread, in a real store)
    const s1 = await scheduler.next(1000);
    const waiting = scheduler.resultOf(s1!, 1000);
    await new Promise((r) => setTimeout(r, 10));
    expect(searchedHere).toEqual([]);
    tickets[0]!.finish(1);
    tickets[1]!.finish(3);
    expect((await waiting)?.hits).toHaveLength(1);
    const s2 = await scheduler.next(999);
    expect((await scheduler.resultOf(s2!, 999))?.hits).toHaveLength(3);
    await scheduler.close();
  });
});
