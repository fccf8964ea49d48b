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
  const log = generateServerLog(options.largeLogBytes, options.now - 3 * 3600);
  const rows: Omit<PlannedRow, 'actor' | 'channel'>[] = [
    { owner: 'alice', turn: 'alice-1', stepNum: 1, executorName: 'read_files', label: 'license-text', agoSeconds: 7200, ttlSeconds: DAY, ...text(gpl) },
    { owner: 'alice', turn: 'alice-1', stepNum: 2, executorName: 'list_directory', label: 'directory-listing', agoSeconds: 7180, ttlSeconds: DAY, ...json(directoryListing('/usr/share/common-licenses', 'entries')) },
    { owner: 'alice', turn: 'alice-1', stepNum: 3, executorName: 'search_text', label: 'search-matches', agoSeconds: 7160, ttlSeconds: DAY, ...json({ value: { ok: true, query: 'warrant', metadata: { pattern: '/warrant/i', files: 1 }, total: warranty.length, matches: warranty }, source: gpl.source }) },
    { owner: 'alice', turn: 'alice-1', stepNum: 4, executorName: 'translate_text', label: 'unicode-text', agoSeconds: 7140, ttlSeconds: DAY, ...text({ value: Array.from({ length: 40 }, (_, i) => `${i + 1}. ${UNICODE[i % UNICODE.length]}`).join('\n') + '\n', source: 'generated' }) },
    { owner: 'alice', turn: 'alice-2', stepNum: 1, executorName: 'take_screenshot', label: 'png-image', agoSeconds: 1500, ttlSeconds: DAY, ...bytes(pngImage()) },
    { owner: 'alice', turn: 'alice-2', stepNum: 2, executorName: 'fetch_url', label: 'html-injection', agoSeconds: 1480, ttlSeconds: DAY, ...text({ value: HTML(300), source: 'generated' }) },
    { owner: 'alice', turn: 'alice-2', stepNum: 3, executorName: 'read_files', label: 'readme-expiring', agoSeconds: 1460, ttlSeconds: 1460 + 240, ...text(packageReadme('commander')) },
    { owner: 'alice', turn: 'alice-3', stepNum: 1, executorName: 'read_files', label: 'expired-text', agoSeconds: 3 * DAY, ttlSeconds: 3600, ...text(textFile(['/usr/share/common-licenses/LGPL-3', '/usr/share/common-licenses/LGPL-2.1'])) },
    { owner: 'alice', turn: 'alice-3', stepNum: 2, executorName: 'read_files', label: 'born-expired', agoSeconds: 3 * DAY - 30, ttlSeconds: -60, ...text(textFile(['/usr/share/common-licenses/BSD'])) },
    { owner: 'bob', turn: 'bob-1', stepNum: 1, executorName: 'tail_logs', label: 'large-log', agoSeconds: 2400, ttlSeconds: 2 * 3600, ...text({ value: log, source: 'generated' }) },
    { owner: 'bob', turn: 'bob-1', stepNum: 2, executorName: 'list_directory', label: 'directory-listing-large', agoSeconds: 2380, ttlSeconds: 2 * 3600, ...json(directoryListing('/usr/share/doc', 'files')) },
    { owner: 'bob', turn: 'bob-1', stepNum: 3, executorName: 'compress_artifacts', label: 'gzip-archive', agoSeconds: 2360, ttlSeconds: 2 * 3600, ...bytes({ value: gzipSync(Buffer.from(log.slice(0, 256 * 1024)), { level: 6 }), source: 'generated' }) },
    { owner: 'bob', turn: 'bob-1', stepNum: 4, executorName: 'run_query', label: 'structured-nolist', agoSeconds: 2340, ttlSeconds: 2 * 3600, ...json({ value: { ok: true, metadata: { database: 'orders', ms: 42 }, summary: { rows_scanned: 125_000, p50_ms: 3.2, p99_ms: 88.5 }, plan: 'SEARCH orders USING INDEX idx_orders_created (created_at>?)'.repeat(20) }, source: 'generated' }) },
    { owner: 'bob', turn: 'bob-1', stepNum: null, executorName: null, label: 'unstepped-note', agoSeconds: 2300, ttlSeconds: 2 * 3600, ...text({ value: 'Note stored outside any step: the log above spans three hours of worker output.\n'.repeat(30), source: 'generated' }) },
    { owner: 'bob', turn: 'bob-2', stepNum: 1, executorName: 'fetch_url', label: 'expired-readme', agoSeconds: 26 * 3600, ttlSeconds: 3600, ...text(packageReadme('better-sqlite3')) },
    { owner: 'ci-bot', turn: 'ci-1', stepNum: 1, executorName: 'run_tests', label: 'test-report', agoSeconds: 600, ttlSeconds: DAY, ...json({ value: generateTestReport(400), source: 'generated' }) },
    { owner: 'ci-bot', turn: 'ci-1', stepNum: 2, executorName: 'read_files', label: 'build-log-expiring', agoSeconds: 590, ttlSeconds: 590 + 120, ...text({ value: generateBuildLog(756), source: 'generated' }) },
    { owner: 'ci-bot', turn: 'ci-1', stepNum: 3, executorName: 'download_artifact', label: 'binary-blob', agoSeconds: 580, ttlSeconds: DAY, ...bytes({ value: generateOpaqueBytes(64 * 1024), source: 'generated' }) },
    { owner: 'ci-bot', turn: 'ci-2', stepNum: 1, executorName: 'read_files', label: 'readme', agoSeconds: 5 * 3600, ttlSeconds: DAY, ...text(packageReadme('zod')) },
    { owner: 'ci-bot', turn: 'ci-2', stepNum: 2, executorName: 'read_files', label: 'license-text-2', agoSeconds: 5 * 3600 - 20, ttlSeconds: DAY, ...text(textFile(['/usr/share/common-licenses/Apache-2.0', '/usr/share/common-licenses/MPL-2.0'])) },
  ];
  const channelOf: Record<string, string> = { alice: 'desktop', bob: 'slack', 'ci-bot': 'ci' };
  return rows.map((r) => ({ ...r, actor: `agent:${r.owner}`, channel: channelOf[r.owner] ?? 'cli' }));
}
