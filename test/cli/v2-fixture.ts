import { createHash } from 'node:crypto';
import { join } from 'node:path';
import type { SyntheticHandle } from '../../app/contract';
import { openScratchpad } from '../../app/scratchpad';

/** Unix seconds the fixture rows are written from (2026-01-01T00:00:00Z). */
export const T0 = 1_767_225_600;
/** Unix seconds the CLI runs at in the tests: 10 minutes after T0. */
export const NOW = T0 + 600;

/** One row of the v2 fixture, as written. */
export interface FixtureRow {
  readonly label: string;
  readonly owner: string;
  readonly turnId: string;
  readonly stepNum: number | null;
  readonly executorName: string | null;
  readonly kind: 'text' | 'binary';
  readonly structured: boolean;
  /** The stored bytes (UTF-8 for text, 2-space JSON for structured). */
  readonly bytes: Buffer;
  /** The text (text rows) or null. */
  readonly text: string | null;
  readonly createdAt: number;
  readonly expiresAt: number;
  readonly actor: string | null;
  readonly channel: string | null;
  readonly handle: SyntheticHandle;
  readonly id: string;
  readonly sha256: string;
}

export const TURN_A1 = 'a1a1a1a1a1a1a1a1';
export const TURN_A2 = 'a2a2a2a2a2a2a2a2';
export const TURN_B1 = 'b1b1b1b1b1b1b1b1';

const ACCENTS = Array.from({ length: 200 }, (_, i) => `${i}: Über façade — ½ price! ✓ 🚀 naïve\n`).join('');
const FILES = { ok: true, metadata: { root: '/srv' }, files: Array.from({ length: 50 }, (_, i) => ({ path: `/srv/file-${i}.txt`, size: i * 100 })) };
const BYTES = Buffer.from(Array.from({ length: 10_240 }, (_, i) => i % 256));

interface Spec {
  label: string;
  owner: string;
  turnId: string;
  stepNum: number | null;
  executorName: string | null;
  observation: unknown;
  ttl: number;
}

const SPECS: Spec[] = [
  { label: 'accents', owner: 'alice', turnId: TURN_A1, stepNum: 1, executorName: 'read_files', observation: { content: ACCENTS }, ttl: 3600 },
  { label: 'files', owner: 'alice', turnId: TURN_A1, stepNum: 2, executorName: 'find_files', observation: FILES, ttl: 3600 },
  { label: 'binary', owner: 'alice', turnId: TURN_A1, stepNum: 3, executorName: 'get_files', observation: { content: BYTES }, ttl: 3600 },
  { label: 'expired', owner: 'alice', turnId: TURN_A2, stepNum: 1, executorName: 'read_files', observation: { content: 'old data '.repeat(1000) }, ttl: 60 },
  { label: 'expiring', owner: 'alice', turnId: TURN_A2, stepNum: null, executorName: null, observation: { content: 'soon gone\n'.repeat(300) }, ttl: 700 },
  {
    label: 'bob-log',
    owner: 'bob',
    turnId: TURN_B1,
    stepNum: 1,
    executorName: 'tail_logs',
    observation: { content: Array.from({ length: 3000 }, (_, i) => `[${i}] worker ok`).join('\n') },
    ttl: 7200,
  },
];

/**
 * Writes the CLI tests' v2 file in `dir` through the store: alice's turns A1 (text with accents and emoji,
 * structured file list, 10 KiB binary) and A2 (one row expired at {@link NOW}, one expiring), bob's turn B1.
 * Row i is created at T0 + i seconds.
 */
export async function writeV2Fixture(dir: string): Promise<{ path: string; rows: FixtureRow[] }> {
  const path = join(dir, 'v2.db');
  let clock = T0;
  const store = await openScratchpad(path, { clock: () => clock });
  try {
    const rows: FixtureRow[] = [];
    for (const [i, s] of SPECS.entries()) {
      clock = T0 + i;
      const actor = `agent:${s.owner}`;
      const handle = await store.put(
        { kind: 'user', userId: s.owner },
        { turnId: s.turnId, stepNum: s.stepNum, executorName: s.executorName, observation: s.observation, ttlSeconds: s.ttl, actor, channel: 'cli' },
      );
      const content = (s.observation as { content?: unknown }).content;
      const structured = content === undefined;
      const bytes = structured
        ? Buffer.from(JSON.stringify(s.observation, null, 2), 'utf8')
        : typeof content === 'string'
          ? Buffer.from(content, 'utf8')
          : Buffer.from(content as Uint8Array);
      rows.push({
        label: s.label,
        owner: s.owner,
        turnId: s.turnId,
        stepNum: s.stepNum,
        executorName: s.executorName,
        kind: Buffer.isBuffer(content) ? 'binary' : 'text',
        structured,
        bytes,
        text: Buffer.isBuffer(content) ? null : bytes.toString('utf8'),
        createdAt: clock,
        expiresAt: clock + s.ttl,
        actor,
        channel: 'cli',
        handle,
        id: handle.scratchpad_id,
        sha256: createHash('sha256').update(bytes).digest('hex'),
      });
    }
    return { path, rows };
  } finally {
    await store.close();
  }
}
