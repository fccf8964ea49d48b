import { DEEP_LINK_SCHEME, parseDeepLink, type DeepLink } from '../../app/contract';

/**
 * The deep link a command line carries: `--open LINK`, `--open=LINK`, or a bare `scratchpad-inspector:` argument
 * (how Windows and Linux pass a clicked link to the app, first launch or second instance). Null when none.
 * `argv` is without the executable and app path. Never throws; the link is parsed by {@link planDeepLink}.
 */
export function deepLinkFromArgv(argv: readonly string[]): string | null {
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--open') return argv[i + 1] ?? '';
    if (arg.startsWith('--open=')) return arg.slice('--open='.length);
    if (arg.toLowerCase().startsWith(`${DEEP_LINK_SCHEME}:`)) return arg;
  }
  return null;
}

/** What main does with a link: refuse it (with a sentence for the user), or open its file (asking first when unknown). */
export type DeepLinkPlan =
  { readonly kind: 'invalid'; readonly message: string } | { readonly kind: 'open'; readonly link: DeepLink; readonly confirm: boolean };

/**
 * Decides how a deep link opens, by the rules of File › Open: a link never sets the principal (the window keeps
 * or takes main's), and it names a file only: one the user has not opened before (`known` false: not in the
 * recent files) is shown and confirmed in a native dialog first. An entry id is looked up by the store as the
 * viewing principal, so an unknown or foreign one is NOT_FOUND like any other read. Never throws.
 */
export function planDeepLink(text: string, known: (path: string) => boolean): DeepLinkPlan {
  const parsed = parseDeepLink(text);
  if (!parsed.ok) return { kind: 'invalid', message: parsed.message };
  return { kind: 'open', link: parsed.link, confirm: !known(parsed.link.db) };
}
