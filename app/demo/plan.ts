import { gzipSync } from 'node:zlib';
import { generateBuildLog, generateOpaqueBytes, generateServerLog, generateTestReport } from './generate';
import { directoryListing, packageReadme, pngImage, textFile, type Sourced } from './sources';

/** What each demo row is there to show (the end-to-end tests look rows up by label). */
export type DemoLabel =
  | 'license-text'
  | 'directory-listing'
  | 'search-matches'
  | 'unicode-text'
  | 'png-image'
  | 'html-injection'
  | 'readme-expiring'
  | 'expired-text'
  | 'born-expired'
  | 'large-log'
  | 'directory-listing-large'
  | 'gzip-archive'
  | 'unstepped-note'
  | 'structured-nolist'
  | 'expired-readme'
  | 'test-report'
  | 'build-log-expiring'
  | 'binary-blob'
  | 'readme'
  | 'license-text-2';

/** One planned put: who, where in which turn, what, and when (seconds before `now`) with which TTL. */
export interface PlannedRow {
  readonly owner: string;
  /** Key of the turn within the plan (the turn id is derived from it). */
  readonly turn: string;
  readonly stepNum: number | null;
  readonly executorName: string | null;
  readonly label: DemoLabel;
  readonly observation: unknown;
  readonly kind: 'text' | 'binary';
  /** True when the observation is an object stored as JSON text. */
  readonly structured: boolean;
  /** Seconds before `now` the row is created. */
  readonly agoSeconds: number;
  readonly ttlSeconds: number;
  readonly actor: string;
  readonly channel: string;
  readonly source: string;
}

/** Options of {@link demoPlan}. */
export interface PlanOptions {
  /** Size of the large log in bytes (default 4 MiB). */
  readonly largeLogBytes: number;
  /** Unix seconds the demo is written at. */
  readonly now: number;
}

const DAY = 86_400;
const text = (s: Sourced<string>) => ({ observation: { content: s.value }, kind: 'text' as const, structured: false, source: s.source });
const json = (s: Sourced<Record<string, unknown>>) => ({ observation: s.value, kind: 'text' as const, structured: true, source: s.source });
const bytes = (s: Sourced<Uint8Array>) => ({ observation: { content: s.value }, kind: 'binary' as const, structured: false, source: s.source });

const UNICODE = [
  'Über façade — ½ price! ✓ Crème brûlée à la carte, naïve coöperation, smörgåsbord.',
  'Ελληνικά: καλημέρα κόσμε · Русский: привет, мир · 日本語: こんにちは世界 · 中文: 你好，世界',
  'Emoji: 🚀 deploy ok, 🐛 bug found, 👩‍💻 pair review, 🇮🇹 locale it-IT, 👍🏽 approved, 🧪 tests green.',
  'Combining: e\u0301 (e + U+0301), Å (A + ring), Hangul 한국어, Devanagari नमस्ते, Arabic مرحبا بالعالم.',
];

const HTML = (n: number) =>
  [
    '<!doctype html>',
    '<html><head><title>Quarterly report</title><script>alert("script tag ran")</script></head><body>',
    '<h1>Quarterly report</h1>',
    '<img src=x onerror=alert(1)>',
    '<a href="javascript:alert(2)">click me</a>',
    ...Array.from({ length: n }, (_, i) => `<p class="row">Row ${i}: revenue €${(i * 137) % 1000},00 &amp; costs &lt;tbd&gt;</p>`),
    '</body></html>',
    '',
  ].join('\n');

/**
 * The demo scenario: three owners (alice, bob, ci-bot), seven turns, twenty rows built from real files on
 * the machine where present (licenses, package READMEs, a PNG, directory listings) and deterministic
 * generated data elsewhere. Relative to `now`: some rows long expired, one born expired (negative TTL), two
 * expiring within 5 minutes, the rest live for hours.
 */
export function demoPlan(options: PlanOptions): PlannedRow[] {
  const gpl = textFile(['/usr/share/common-licenses/GPL-3']);
  const warranty = gpl.value.split('\n').flatMap((line, i) => (/warrant/i.test(line) ? [{ file: gpl.source, line: i + 1, text: line.trim() }] : []));
  const search = { ok: true, query: 'warrant', metadata: { pattern: '/warrant/i', files: 1 }, total: warranty.length, matches: warranty };
  const unicode = Array.from({ length: 40 }, (_, i) => `${i + 1}. ${UNICODE[i % UNICODE.length]}`).join('\n') + '\n';
  const log = generateServerLog(options.largeLogBytes, options.now - 3 * 3600);
  const gzip = gzipSync(Buffer.from(log.slice(0, 256 * 1024)), { level: 6 });
  const query = {
    ok: true,
    metadata: { database: 'orders', ms: 42 },
    summary: { rows_scanned: 125_000, p50_ms: 3.2, p99_ms: 88.5 },
    plan: 'SEARCH orders USING INDEX idx_orders_created (created_at>?)'.repeat(20),
  };
  const note = 'Note stored outside any step: the log above spans three hours of worker output.\n'.repeat(30);
  const lgpl = textFile(['/usr/share/common-licenses/LGPL-3', '/usr/share/common-licenses/LGPL-2.1']);
  const apache = textFile(['/usr/share/common-licenses/Apache-2.0', '/usr/share/common-licenses/MPL-2.0']);
  const generated = <T>(value: T): Sourced<T> => ({ value, source: 'generated' });
  const at = (owner: string, turn: string, stepNum: number | null, executorName: string | null, label: DemoLabel, agoSeconds: number, ttlSeconds: number) => ({
    owner,
    turn,
    stepNum,
    executorName,
    label,
    agoSeconds,
    ttlSeconds,
  });
  const rows: Omit<PlannedRow, 'actor' | 'channel'>[] = [
    { ...at('alice', 'alice-1', 1, 'read_files', 'license-text', 7200, DAY), ...text(gpl) },
    { ...at('alice', 'alice-1', 2, 'list_directory', 'directory-listing', 7180, DAY), ...json(directoryListing('/usr/share/common-licenses', 'entries')) },
    { ...at('alice', 'alice-1', 3, 'search_text', 'search-matches', 7160, DAY), ...json({ value: search, source: gpl.source }) },
    { ...at('alice', 'alice-1', 4, 'translate_text', 'unicode-text', 7140, DAY), ...text(generated(unicode)) },
    { ...at('alice', 'alice-2', 1, 'take_screenshot', 'png-image', 1500, DAY), ...bytes(pngImage()) },
    { ...at('alice', 'alice-2', 2, 'fetch_url', 'html-injection', 1480, DAY), ...text(generated(HTML(300))) },
    // Expires 4 minutes after now.
    { ...at('alice', 'alice-2', 3, 'read_files', 'readme-expiring', 1460, 1460 + 240), ...text(packageReadme('commander')) },
    { ...at('alice', 'alice-3', 1, 'read_files', 'expired-text', 3 * DAY, 3600), ...text(lgpl) },
    { ...at('alice', 'alice-3', 2, 'read_files', 'born-expired', 3 * DAY - 30, -60), ...text(textFile(['/usr/share/common-licenses/BSD'])) },
    { ...at('bob', 'bob-1', 1, 'tail_logs', 'large-log', 2400, 2 * 3600), ...text(generated(log)) },
    { ...at('bob', 'bob-1', 2, 'list_directory', 'directory-listing-large', 2380, 2 * 3600), ...json(directoryListing('/usr/share/doc', 'files')) },
    { ...at('bob', 'bob-1', 3, 'compress_artifacts', 'gzip-archive', 2360, 2 * 3600), ...bytes(generated(gzip)) },
    { ...at('bob', 'bob-1', 4, 'run_query', 'structured-nolist', 2340, 2 * 3600), ...json(generated(query)) },
    { ...at('bob', 'bob-1', null, null, 'unstepped-note', 2300, 2 * 3600), ...text(generated(note)) },
    { ...at('bob', 'bob-2', 1, 'fetch_url', 'expired-readme', 26 * 3600, 3600), ...text(packageReadme('better-sqlite3')) },
    { ...at('ci-bot', 'ci-1', 1, 'run_tests', 'test-report', 600, DAY), ...json(generated(generateTestReport(400))) },
    // Expires 2 minutes after now.
    { ...at('ci-bot', 'ci-1', 2, 'read_files', 'build-log-expiring', 590, 590 + 120), ...text(generated(generateBuildLog(756))) },
    { ...at('ci-bot', 'ci-1', 3, 'download_artifact', 'binary-blob', 580, DAY), ...bytes(generated(generateOpaqueBytes(64 * 1024))) },
    { ...at('ci-bot', 'ci-2', 1, 'read_files', 'readme', 5 * 3600, DAY), ...text(packageReadme('zod')) },
    { ...at('ci-bot', 'ci-2', 2, 'read_files', 'license-text-2', 5 * 3600 - 20, DAY), ...text(apache) },
  ];
  const channelOf: Record<string, string> = { alice: 'desktop', bob: 'slack', 'ci-bot': 'ci' };
  return rows.map((r) => ({ ...r, actor: `agent:${r.owner}`, channel: channelOf[r.owner] ?? 'cli' }));
}
