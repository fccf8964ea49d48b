import type { EntryRecord, ScratchpadBackend } from '../core/backend';
import type { ResolvedOptions } from '../options';
import { DEFAULT_CHUNK_LAYOUT, type ChunkLayout } from '../core/chunk-layout';
import { mapPgError } from './errors';
import { openSchema } from './migrate';
import { openPgTarget, type OpenedPgTarget, type PgTargetOptions } from './pool';
import { createDataVersion } from './store/data-version';
import { createPgReader, type RecordMemory } from './store/reader';
import { createPgWriter } from './store/writer';

/** Options of {@link openPostgresBackend} beyond the store's own. */
export interface PostgresBackendOptions extends PgTargetOptions {
  /** Chunk sizes for new rows (tests use small chunks); default v2's (32,768 code points, 65,536 bytes). */
  readonly layout?: ChunkLayout;
}

/**
 * A PostgreSQL database as a {@link ScratchpadBackend} (`format: 'postgres'`, `path`: the redacted URL). Reads are
 * READ ONLY transactions, writes one transaction per method, every one bound to its principal for row-level
 * security and filtered by owner in the SQL too. No writer when `target` was opened read-only.
 */
export function createPostgresBackend(target: OpenedPgTarget, readonly: boolean, layout: ChunkLayout = DEFAULT_CHUNK_LAYOUT): ScratchpadBackend {
  const memory: RecordMemory = new WeakMap<EntryRecord, never>();
  const version = createDataVersion(target.connection.config, (err) => mapPgError(err, target.label, 'read', target.secrets));
  let closing: Promise<void> | null = null;
  return {
    format: 'postgres',
    path: target.label,
    capabilities: { owners: true, writes: true, readLog: true },
    reader: createPgReader(target, memory, () => version.read()),
    writer: readonly ? null : createPgWriter(target, layout),
    gcDeletes: true,
    close() {
      closing ??= Promise.all([version.close(), target.close()]).then(() => undefined);
      return closing;
    },
  };
}

/**
 * Connects to `url` (PG* environment and the password file honoured), checks the schema and migrates it when
 * the database has none (read-write only), and returns the backend. Errors (all ScratchpadError, no password
 * in any message): INVALID_ARGUMENT for a malformed URL or wrong password; BUSY when the server cannot be
 * reached or is busy; NOT_FOUND for a missing database, or an empty one opened read-only; UNSUPPORTED_FORMAT for
 * a foreign schema or a newer version.
 */
export async function openPostgresBackend(url: string, resolved: ResolvedOptions, options: PostgresBackendOptions = {}): Promise<ScratchpadBackend> {
  const target = await openPgTarget(url, options);
  try {
    const client = await target.pool.connect().catch((err: unknown) => {
      throw mapPgError(err, target.label, 'read', target.secrets);
    });
    try {
      await openSchema(client, { label: target.label, readonly: resolved.readonly });
    } finally {
      client.release();
    }
  } catch (err) {
    await target.close().catch(() => undefined);
    throw err;
  }
  return createPostgresBackend(target, resolved.readonly, options.layout);
}
