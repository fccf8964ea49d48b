import { parseArgs } from 'node:util';

/** The benchmark suites, in the order they run. */
export const SUITES = ['reads', 'memory', 'puts', 'gc', 'turns', 'v1', 'compare', 'search', 'ui', 'postgres'] as const;
/** One of {@link SUITES}. */
export type Suite = (typeof SUITES)[number];
/** Suites of a run without --only: postgres starts a server and writes ~300 MB into it, so it is asked for by name. */
export const DEFAULT_SUITES: readonly Suite[] = SUITES.filter((s) => s !== 'postgres');

/** The usage text of `npm run bench`. */
export const USAGE = `usage: npm run bench -- [--json] [--only ${SUITES.join(',')}] [--scale S] [--help]
  --json       print one JSON object on stdout (progress on stderr)
  --only LIST  run only these suites (comma-separated): ${SUITES.join(', ')}
  --scale S    shrink the large sizes by S in (0, 1] for a quick try (figures then not comparable)
  --help       print this text`;

/** Parsed options, or what to print instead: the usage (exit 0 for --help, 2 with an error line). */
export type BenchArgs =
  | { readonly kind: 'run'; readonly json: boolean; readonly scale: number; readonly only: ReadonlySet<Suite> }
  | { readonly kind: 'usage'; readonly error: string | null };

/** Parses the bench's argv (without node and script); never throws. */
export function parseBenchArgs(argv: readonly string[]): BenchArgs {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: {
        json: { type: 'boolean', default: false },
        scale: { type: 'string', default: '1' },
        only: { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }));
  } catch (e) {
    return { kind: 'usage', error: (e as Error).message };
  }
  if (values.help) return { kind: 'usage', error: null };
  const scale = Number(values.scale);
  if (!(scale > 0 && scale <= 1)) return { kind: 'usage', error: `--scale must be in (0, 1], got ${values.scale}` };
  const names = values.only === undefined ? [...DEFAULT_SUITES] : values.only.split(',').map((s) => s.trim());
  const unknown = names.filter((s) => !(SUITES as readonly string[]).includes(s));
  if (unknown.length > 0 || names.length === 0) return { kind: 'usage', error: `unknown suite ${unknown.join(', ') || '(none)'}; known: ${SUITES.join(', ')}` };
  return { kind: 'run', json: values.json, scale, only: new Set(names as Suite[]) };
}
