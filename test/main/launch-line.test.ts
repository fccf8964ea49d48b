import { describe, expect, it } from 'vitest';
import { redactUrl } from '../../app/scratchpad/postgres/url';
// @ts-expect-error: a plain .mjs script without types (scripts/ are run by node, not compiled)
import { printableArgs } from '../../scripts/launch-line.mjs';

// `npm start -- --dry-run --db postgres://…` printed the password in its launch line (found using the README's
// PostgreSQL steps); the README says no password appears in a log.
describe('npm start --dry-run launch line', () => {
  const printed = (args: string[]): string[] => printableArgs(args, redactUrl);

  it('drops the password of a postgres URL given alone or as --db=URL, in either scheme and any case', () => {
    expect(printed(['<electron>', 'main.js', '--db', 'postgres://ops:s3cret@127.0.0.1:5432/scratch'])).toEqual([
      '<electron>',
      'main.js',
      '--db',
      'postgres://ops@127.0.0.1:5432/scratch',
    ]);
    expect(printed(['--db=postgresql://ops:s3cret@db.local/scratch?password=again&sslmode=disable'])).toEqual([
      '--db=postgresql://ops@db.local/scratch?sslmode=disable',
    ]);
    expect(printed(['POSTGRES://ops:s3cret@h/d'])).toEqual(['postgres://ops@h/d']);
    expect(printed(['--db', 'postgres://ops:s3cret@h/d']).join(' ')).not.toContain('s3cret');
  });

  it('prints other arguments as given', () => {
    expect(printed(['--db', '/tmp/my postgres://.db', '--owner', 'alice', '--operator'])).toEqual([
      '--db',
      '/tmp/my postgres://.db',
      '--owner',
      'alice',
      '--operator',
    ]);
  });
});
