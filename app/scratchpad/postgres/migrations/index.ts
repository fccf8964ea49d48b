import { MIGRATION_001 } from './001-layout';
import { MIGRATION_002 } from './002-operator-ttl-and-reads';
import { MIGRATION_003 } from './003-turn-totals-and-calls';
import { MIGRATION_004 } from './004-cheap-principal-and-calls';
import { MIGRATION_005 } from './005-inline-content';
import { MIGRATION_006 } from './006-inlined-principal-checks';
import { MIGRATION_007 } from './007-listing-held-summaries';

/** One numbered migration: `sql` runs inside the migration transaction, as the schema owner when possible. */
export interface PgMigration {
  readonly version: number;
  readonly name: string;
  readonly sql: string;
}

/** Every migration in order. Never edit a released one: add the next number. */
export const PG_MIGRATIONS: readonly PgMigration[] = [
  { version: 1, name: 'layout with row-level security', sql: MIGRATION_001 },
  { version: 2, name: 'operator TTL changes; one-call turn listing and stats', sql: MIGRATION_002 },
  { version: 3, name: 'turn totals kept by triggers; one-call listing, stats, gc batch and literal prefilter', sql: MIGRATION_003 },
  { version: 4, name: 'principal checks planned once per connection; totals by the put call; listing without escaped summaries', sql: MIGRATION_004 },
  { version: 5, name: "a one-chunk observation's content in its own row", sql: MIGRATION_005 },
  { version: 6, name: 'principal checks inlined into each policy; put row and totals in one statement', sql: MIGRATION_006 },
  { version: 7, name: 'turn listing without the summaries the client holds', sql: MIGRATION_007 },
];

/** The schema version this code writes. */
export const PG_LATEST_VERSION = PG_MIGRATIONS[PG_MIGRATIONS.length - 1]?.version ?? 0;
