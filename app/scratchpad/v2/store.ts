import type {
  EntryDescription, EntryMeta, Format, GcOptions, GcResult, ListTurnsOptions, ListTurnsResult, Principal, ReadLogEntry,
  ReadLogSelector, ReadOptions, ReadResult, Stats, SyntheticHandle,
} from '../../contract';
import { requirePrincipal } from '../../access';
import type { EntryWithContent, PutInput, ReadLogInput, SyncScratchpad, TtlTarget } from '../types';
import { describeEntry, iterateContent } from './content';
import type { StoreContext } from './context';
import { collectGarbage } from './gc';
import { listForTurn, listTurns } from './list';
import { putObservation } from './put';
import { getEntry, readSlice } from './read';
import { readLog, recordRead } from './readlog';
import { computeStats } from './stats';
import { extendTtl, listOwners } from './ttl';

/**
 * A v2 scratchpad file: the {@link SyncScratchpad} interface over one better-sqlite3 connection. Every method
 * checks the principal first (INVALID_ARGUMENT when malformed), then delegates to one small module.
 */
export class V2Scratchpad implements SyncScratchpad {
  readonly format: Format = 'v2';

  constructor(private readonly ctx: StoreContext) {}

  get path(): string {
    return this.ctx.path;
  }

  get readonly(): boolean {
    return this.ctx.options.readonly;
  }

  put(principal: Principal, input: PutInput): SyntheticHandle {
    return putObservation(this.ctx, requirePrincipal(principal), input);
  }

  describe(principal: Principal, id: string): EntryDescription {
    return describeEntry(this.ctx, requirePrincipal(principal), id);
  }

  read(principal: Principal, id: string, options: ReadOptions): ReadResult {
    return readSlice(this.ctx, requirePrincipal(principal), id, options);
  }

  get(principal: Principal, id: string): EntryWithContent {
    return getEntry(this.ctx, requirePrincipal(principal), id);
  }

  listForTurn(principal: Principal, turnId: string): EntryMeta[] {
    return listForTurn(this.ctx, requirePrincipal(principal), turnId);
  }

  listTurns(principal: Principal, options?: ListTurnsOptions): ListTurnsResult {
    return listTurns(this.ctx, requirePrincipal(principal), options);
  }

  gc(principal: Principal, options?: GcOptions): GcResult {
    return collectGarbage(this.ctx, requirePrincipal(principal), options);
  }

  stats(principal: Principal): Stats {
    return computeStats(this.ctx, requirePrincipal(principal));
  }

  extendTtl(principal: Principal, target: TtlTarget, ttlSeconds: number): number {
    return extendTtl(this.ctx, requirePrincipal(principal), target, ttlSeconds);
  }

  recordRead(principal: Principal, input: ReadLogInput): void {
    recordRead(this.ctx, requirePrincipal(principal), input);
  }

  readLog(principal: Principal, selector: ReadLogSelector): ReadLogEntry[] {
    return readLog(this.ctx, requirePrincipal(principal), selector);
  }

  iterateContent(principal: Principal, id: string, chunkBytes?: number): Iterable<Uint8Array> {
    return iterateContent(this.ctx, requirePrincipal(principal), id, chunkBytes);
  }

  owners(principal: Principal): string[] {
    return listOwners(this.ctx, requirePrincipal(principal));
  }

  dataVersion(): number {
    return this.ctx.read(() => this.ctx.db.pragma('data_version', { simple: true }) as number);
  }

  close(): void {
    if (this.ctx.db.open) this.ctx.db.close();
  }
}
