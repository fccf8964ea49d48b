import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { installRoles } from './pg-roles';
import { startPgServer, type PgServer } from './pg-server';

/*
 * Vitest globalSetup of the `postgres` project: one throw-away cluster per run (initdb once), its superuser URL
 * handed to the test files through `inject('pgAdminUrl')`, with the group roles of scripts/postgres-roles.sql;
 * each file makes its own database (pg-db.ts).
 */

declare module 'vitest' {
  export interface ProvidedContext {
    /** Superuser URL of the run's throw-away cluster on 127.0.0.1. */
    pgAdminUrl: string;
  }
}

let server: PgServer | undefined;

export async function setup(project: TestProject): Promise<void> {
  server = await startPgServer();
  // The group roles are cluster-wide: made once here, so test files running in parallel never race to create them.
  const admin = new pg.Client({ connectionString: server.adminUrl });
  await admin.connect();
  try {
    await installRoles(admin);
  } finally {
    await admin.end();
  }
  project.provide('pgAdminUrl', server.adminUrl);
}

export async function teardown(): Promise<void> {
  await server?.stop();
}
