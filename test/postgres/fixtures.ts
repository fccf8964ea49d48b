import type pg from 'pg';
import { encodeBinary, encodeText } from '../../app/scratchpad/core/encode';
import { insertObservation, type ObservationInsert } from '../../app/scratchpad/postgres/data/insert';
import { insertRead } from '../../app/scratchpad/postgres/data/readlog';

/** Text chunk size of the v2 layout (code points) and binary chunk size (bytes). */
export const TEXT_CHUNK = 32_768;
export const BINARY_CHUNK = 65_536;

/** Metadata of a test observation of `owner` in `turnId`, times from a fixed clock (Unix seconds). */
export function meta(owner: string, turnId: string, over: Partial<ObservationInsert> = {}): ObservationInsert {
  return {
    owner,
    turnId,
    stepNum: 1,
    executorName: 'shell',
    kind: 'text',
    structured: false,
    chunkUnits: TEXT_CHUNK,
    createdAt: 1_000,
    expiresAt: 4_600,
    actor: null,
    channel: null,
    detectedType: null,
    summary: `summary of ${turnId}`,
    handle: null,
    ...over,
  };
}

/** Inserts a text observation (chunked as v2 does) in the caller's transaction; returns pk and id. */
export function putText(client: pg.ClientBase, m: ObservationInsert, text: string): Promise<{ pk: number; id: string }> {
  return insertObservation(client, { ...m, kind: 'text', chunkUnits: m.chunkUnits }, encodeText(text, m.chunkUnits));
}

/** Inserts a binary observation in the caller's transaction. */
export function putBinary(client: pg.ClientBase, m: ObservationInsert, bytes: Buffer): Promise<{ pk: number; id: string }> {
  return insertObservation(client, { ...m, kind: 'binary', chunkUnits: BINARY_CHUNK }, encodeBinary(bytes, BINARY_CHUNK));
}

/** Puts one observation with one read-log row for `owner` in a transaction bound to it (raw SQL binding). */
export async function seedOwner(client: pg.ClientBase, owner: string): Promise<number> {
  await client.query(`BEGIN; SELECT set_config('scratchpad.principal', $$${owner}$$, true)`);
  const { pk } = await putText(client, meta(owner, `turn-${owner}`), `hello from ${owner}\n`);
  await insertRead(client, { entryPk: pk, owner, principal: owner, mode: 'head', unit: 'code_points', start: 0, end: 5, truncated: true, at: 1_010 });
  await client.query('COMMIT');
  return pk;
}
