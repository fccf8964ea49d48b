/*
 * Deterministic generators for the demo database: the same seed always gives the same bytes, so demo files
 * written on two machines differ only where real files on the machine differ.
 */

/** A seeded pseudo-random generator (mulberry32) returning floats in [0, 1). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const pick = <T>(rand: () => number, items: readonly T[]): T => items[Math.floor(rand() * items.length)] as T;

const LEVELS = ['INFO', 'INFO', 'INFO', 'INFO', 'DEBUG', 'DEBUG', 'WARN', 'ERROR'] as const;
const ROUTES = ['/api/v1/items', '/api/v1/users', '/api/v1/search', '/healthz', '/api/v1/orders', '/static/app.js'] as const;
const METHODS = ['GET', 'GET', 'GET', 'POST', 'PUT', 'DELETE'] as const;

/**
 * A web-server log of at least `targetBytes` bytes (ASCII, one request per line, ending with a newline),
 * starting at `startSeconds` (Unix seconds). Deterministic for a given seed.
 */
export function generateServerLog(targetBytes: number, startSeconds: number, seed = 7): string {
  const rand = seededRandom(seed);
  const lines: string[] = [];
  let bytes = 0;
  let t = startSeconds * 1000;
  for (let n = 0; bytes < targetBytes; n++) {
    t += Math.floor(rand() * 250);
    const level = pick(rand, LEVELS);
    const worker = Math.floor(rand() * 8);
    const status = level === 'ERROR' ? 500 : level === 'WARN' ? pick(rand, [404, 429, 499]) : pick(rand, [200, 200, 200, 201, 204, 304]);
    const line =
      `${new Date(t).toISOString()} ${level.padEnd(5)} [worker-${worker}] req=${(n + 1).toString(16).padStart(8, '0')} ` +
      `${pick(rand, METHODS)} ${pick(rand, ROUTES)}/${Math.floor(rand() * 10_000)} ${status} ${Math.floor(rand() * 900) + 1}ms` +
      (level === 'ERROR' ? ' error="upstream connect timeout after 5000ms"' : '');
    lines.push(line);
    bytes += line.length + 1;
  }
  return lines.join('\n') + '\n';
}

/** A CI build log of `lines` lines (deterministic), as a test runner prints it. */
export function generateBuildLog(lines: number, seed = 11): string {
  const rand = seededRandom(seed);
  const out = ['$ npm ci', 'added 812 packages in 14s', '$ npm test', '', '> vitest run', ''];
  for (let i = 0; i < lines; i++) {
    const ms = Math.floor(rand() * 400) + 3;
    const ok = rand() > 0.04;
    out.push(`${ok ? ' ✓' : ' ×'} test/module-${Math.floor(i / 12)}.test.ts > case ${i % 12} (${ms}ms)`);
  }
  out.push('', ' Test Files  2 failed | 61 passed (63)', '      Tests  31 failed | 725 passed (756)', '');
  return out.join('\n');
}

/** A test report as a test tool returns it: counts plus one `results` item per test (structured). */
export function generateTestReport(count: number, seed = 13): Record<string, unknown> {
  const rand = seededRandom(seed);
  const results = Array.from({ length: count }, (_, i) => {
    const passed = rand() > 0.05;
    return {
      name: `suite ${Math.floor(i / 20)} > case ${i % 20}`,
      file: `test/suite-${Math.floor(i / 20)}.test.ts`,
      status: passed ? 'passed' : 'failed',
      durationMs: Math.floor(rand() * 500),
      ...(passed ? {} : { error: `AssertionError: expected ${i} to equal ${i + 1}` }),
    };
  });
  const failed = results.filter((r) => r.status === 'failed').length;
  return { ok: failed === 0, total: count, ok_count: count - failed, fail_count: failed, metadata: { runner: 'vitest', shard: '1/1' }, results };
}

/** Deterministic bytes that match no known magic number (first byte 0x00). */
export function generateOpaqueBytes(length: number, seed = 17): Uint8Array {
  const rand = seededRandom(seed);
  const bytes = new Uint8Array(length);
  for (let i = 0; i < length; i++) bytes[i] = Math.floor(rand() * 256);
  bytes[0] = 0;
  return bytes;
}

/** Plain English filler text of about `targetChars` characters, used when no real text file is found. */
export function generateProse(targetChars: number, seed = 19): string {
  const rand = seededRandom(seed);
  const words = 'the software is provided as without warranty of any kind license copy modify distribute permission notice source code work terms'.split(' ');
  const out: string[] = [];
  let n = 0;
  while (n < targetChars) {
    const sentence = Array.from({ length: 8 + Math.floor(rand() * 10) }, () => pick(rand, words)).join(' ');
    const s = sentence.charAt(0).toUpperCase() + sentence.slice(1) + '.';
    out.push(s);
    n += s.length + 1;
  }
  return out.join(' ') + '\n';
}
