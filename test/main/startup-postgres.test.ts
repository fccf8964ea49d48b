import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseLaunchArgs } from '../../main/startup/args';
import { resolveDatabase } from '../../main/startup/default-db';
import { createRecentFiles } from '../../main/startup/recent-files';

const URL_WITH_PASSWORD = 'postgres://alice:s3cret-pw@db.example:5433/scratch?sslmode=require';

describe('a postgres:// URL at startup', () => {
  let dir: string | null = null;
  afterEach(() => {
    if (dir !== null) rmSync(dir, { recursive: true, force: true });
    dir = null;
  });

  it('is taken from --db as given, never as a file path, and is not a first run', () => {
    const launch = parseLaunchArgs(['--db', URL_WITH_PASSWORD, '--owner', 'alice']);
    expect(launch.db).toBe(URL_WITH_PASSWORD);
    expect(resolveDatabase(launch.db, { env: {}, homeDir: '/home/x', userDataDir: '/data', exists: () => false })).toEqual({
      path: URL_WITH_PASSWORD,
      source: 'flag',
      firstRun: false,
    });
  });

  it('enters the recent list without its password, not resolved against the working folder', () => {
    dir = mkdtempSync(join(tmpdir(), 'recent-pg-'));
    const file = join(dir, 'recent.json');
    const recent = createRecentFiles(file);
    recent.add(URL_WITH_PASSWORD);
    recent.add('relative.db');
    expect(recent.list()).toEqual([join(process.cwd(), 'relative.db'), 'postgres://alice@db.example:5433/scratch?sslmode=require']);
    expect(readFileSync(file, 'utf8')).not.toContain('s3cret-pw');
  });
});
