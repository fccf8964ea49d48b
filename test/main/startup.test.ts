import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseLaunchArgs } from '../../main/startup/args';
import { CONTENT_SECURITY_POLICY, withCspMeta } from '../../main/startup/csp';
import { deepLinkFromArgv, planDeepLink } from '../../main/startup/deep-link';
import { resolveDatabase } from '../../main/startup/default-db';
import { createRecentFiles, MAX_RECENT_FILES } from '../../main/startup/recent-files';

describe('parseLaunchArgs', () => {
  it('defaults to the operator and the default file', () => {
    expect(parseLaunchArgs([])).toEqual({ db: null, open: null, principal: { kind: 'operator' } });
  });
  it('reads --db and --owner and ignores Chromium switches and positionals', () => {
    expect(parseLaunchArgs(['dist/main/main.js', '--db', '/x/a.db', '--owner', 'alice', '--enable-logging'])).toEqual({
      db: '/x/a.db',
      open: null,
      principal: { kind: 'user', userId: 'alice' },
    });
  });
  it('accepts --operator explicitly', () => {
    expect(parseLaunchArgs(['--operator', '--db=/a.db'])).toEqual({ db: '/a.db', open: null, principal: { kind: 'operator' } });
  });
  it.each([
    [['--owner', 'a', '--operator'], '--owner and --operator cannot be combined'],
    [['--owner'], '--owner needs a user id'],
    [['--db'], '--db needs a file path or a postgres:// URL'],
    [['--owner='], '--owner needs a user id'],
  ])('refuses %j with USAGE', (argv, message) => {
    expect(() => parseLaunchArgs(argv)).toThrow(expect.objectContaining({ code: 'USAGE', message }));
  });
  it('reads --open LINK and keeps the principal from the flags, not the link', () => {
    const link = 'scratchpad-inspector://open?db=%2Fx%2Fa.db&id=e1&offset=5';
    expect(parseLaunchArgs(['--open', link, '--owner', 'alice'])).toEqual({ db: null, open: link, principal: { kind: 'user', userId: 'alice' } });
  });
  it.each([
    [['--open'], '--open needs'],
    [['--open', 'https://example.com/'], 'not a scratchpad-inspector: link'],
    [['--open', 'scratchpad-inspector://open?db=/a.db&principal=operator'], 'unknown parameter "principal"'],
    [['--open', 'scratchpad-inspector://open?db=/a.db', '--db', '/b.db'], '--open and --db cannot be combined'],
  ])('refuses --open in %j', (argv, message) => {
    expect(() => parseLaunchArgs(argv)).toThrow(message);
  });
});

describe('deepLinkFromArgv', () => {
  it('finds --open LINK, --open=LINK and a bare link as the OS passes it', () => {
    expect(deepLinkFromArgv(['--open', 'scratchpad-inspector://open?db=a'])).toBe('scratchpad-inspector://open?db=a');
    expect(deepLinkFromArgv(['--open=scratchpad-inspector://open?db=b'])).toBe('scratchpad-inspector://open?db=b');
    expect(deepLinkFromArgv(['--allow-file-access', 'Scratchpad-Inspector://open?db=c'])).toBe('Scratchpad-Inspector://open?db=c');
    expect(deepLinkFromArgv(['--db', '/a.db'])).toBeNull();
  });
});

describe('planDeepLink', () => {
  const known = (path: string) => path === '/seen.db';
  it('opens a file the user opened before without asking, one never opened after a confirmation', () => {
    expect(planDeepLink('scratchpad-inspector://open?db=%2Fseen.db&id=e1', known)).toEqual({
      kind: 'open',
      link: { db: '/seen.db', id: 'e1' },
      confirm: false,
    });
    expect(planDeepLink('scratchpad-inspector://open?db=%2Fnew.db', known)).toEqual({ kind: 'open', link: { db: '/new.db' }, confirm: true });
  });
  it('refuses a link that names a principal, with the reason', () => {
    expect(planDeepLink('scratchpad-inspector://open?db=%2Fseen.db&owner=bob', known)).toEqual({
      kind: 'invalid',
      message: 'unknown parameter "owner" (a link carries db, id and offset only; it never sets who views)',
    });
  });
});

describe('resolveDatabase', () => {
  const env = (existing: string[], vars: Record<string, string> = {}) => ({
    env: vars,
    homeDir: '/home/u',
    userDataDir: '/data/app',
    exists: (p: string) => existing.includes(p),
  });
  it('uses --db when given', () => {
    expect(resolveDatabase('/a.db', env(['/home/u/.local/share/metnos/scratchpad.db']))).toEqual({ path: '/a.db', source: 'flag', firstRun: false });
  });
  it('prefers $METNOS_USER_DATA/scratchpad.db when it exists', () => {
    const e = env(['/m/scratchpad.db', '/home/u/.local/share/metnos/scratchpad.db'], { METNOS_USER_DATA: '/m' });
    expect(resolveDatabase(null, e)).toEqual({ path: '/m/scratchpad.db', source: 'metnos', firstRun: false });
  });
  it('falls back to ~/.local/share/metnos/scratchpad.db', () => {
    const e = env(['/home/u/.local/share/metnos/scratchpad.db'], { METNOS_USER_DATA: '/m' });
    expect(resolveDatabase(null, e)).toEqual({ path: '/home/u/.local/share/metnos/scratchpad.db', source: 'metnos', firstRun: false });
  });
  it('uses the app file, first run when it does not exist yet', () => {
    expect(resolveDatabase(null, env([]))).toEqual({ path: '/data/app/scratchpad.db', source: 'app', firstRun: true });
    expect(resolveDatabase(null, env(['/data/app/scratchpad.db']))).toEqual({ path: '/data/app/scratchpad.db', source: 'app', firstRun: false });
  });
});

describe('withCspMeta', () => {
  it('puts the policy first in head and replaces an existing one', () => {
    const html = '<!doctype html><html><head><meta http-equiv="Content-Security-Policy" content="default-src *"><title>x</title></head></html>';
    const out = withCspMeta(html);
    expect(out).toContain(`<head>\n    <meta http-equiv="Content-Security-Policy" content="${CONTENT_SECURITY_POLICY}" />`);
    expect(out).not.toContain('default-src *');
  });
  it('has no unsafe script source and limits images to self, blob: and data:', () => {
    const directives = Object.fromEntries(CONTENT_SECURITY_POLICY.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]));
    expect(directives['script-src']).toEqual(["'self'"]);
    expect(directives['default-src']).toEqual(["'self'"]);
    expect(directives['img-src']).toEqual(["'self'", 'blob:', 'data:']);
    expect(CONTENT_SECURITY_POLICY).not.toContain('unsafe');
  });
});

describe('createRecentFiles', () => {
  it('keeps absolute paths, most recent first, without duplicates, and persists them', () => {
    const store = join(mkdtempSync(join(tmpdir(), 'recent-')), 'recent.json');
    const recent = createRecentFiles(store);
    recent.add('a.db');
    recent.add('/b.db');
    recent.add('a.db');
    expect(recent.list()).toEqual([resolve('a.db'), '/b.db']);
    expect(createRecentFiles(store).list()).toEqual([resolve('a.db'), '/b.db']);
  });
  it(`keeps at most ${MAX_RECENT_FILES}`, () => {
    const recent = createRecentFiles(null);
    for (let i = 0; i < 15; i += 1) recent.add(`/f${i}.db`);
    expect(recent.list()).toEqual(Array.from({ length: 10 }, (_, i) => `/f${14 - i}.db`));
  });
  it('starts empty from a corrupt file', () => {
    const store = join(mkdtempSync(join(tmpdir(), 'recent-')), 'recent.json');
    writeFileSync(store, '{not json');
    expect(createRecentFiles(store).list()).toEqual([]);
    expect(readFileSync(store, 'utf8')).toBe('{not json');
  });
});
