import pg from 'pg';

/*
 * Live refresh by LISTEN/NOTIFY. A notice reaches every session LISTENing on the channel in this database,
 * whatever its role: row-level security does not apply to notifications. So a payload names only the kind of
 * change and the row number (`put:123`, `gc:40`, `ttl:7`), never an owner, turn, id or content; a listener
 * re-reads what changed through its own bound (RLS-filtered) queries.
 */

/** The channel of change notices. */
export const CHANGE_CHANNEL = 'scratchpad_changes';

/** What changed: a put (row number), a gc (rows removed), a TTL change (rows changed). */
export interface ChangeNotice {
  readonly kind: 'put' | 'gc' | 'ttl';
  readonly count: number;
}

/** The payload of a notice, e.g. `put:123`. */
export function formatNotice(n: ChangeNotice): string {
  return `${n.kind}:${n.count}`;
}

/** Parses a payload of {@link formatNotice}; null for anything else (a stranger's NOTIFY on our channel). */
export function parseNotice(payload: string | undefined): ChangeNotice | null {
  const m = /^(put|gc|ttl):(\d{1,15})$/.exec(payload ?? '');
  return m ? { kind: m[1] as ChangeNotice['kind'], count: Number(m[2]) } : null;
}

/** The SQL sending `payload` on the change channel (for a simple-protocol query; the payload is quoted). */
export function notifySql(payload: string): string {
  return `SELECT pg_notify('${CHANGE_CHANNEL}', ${pg.escapeLiteral(payload)})`;
}

/** A LISTEN session: call `close()` to stop (ends its connection). */
export interface ChangeListener {
  close(): Promise<void>;
}

/**
 * Opens a dedicated connection with `config` and LISTENs on the change channel, calling `onChange` for each
 * well-formed notice and `onError` when the connection fails (the listener is then dead: open a new one).
 * Driver errors of connecting propagate unmapped.
 */
export async function listenChanges(
  config: pg.ClientConfig,
  onChange: (n: ChangeNotice) => void,
  onError: (err: Error) => void = () => undefined,
): Promise<ChangeListener> {
  const client = new pg.Client(config);
  client.on('error', onError);
  await client.connect();
  client.on('notification', (msg) => {
    if (msg.channel !== CHANGE_CHANNEL) return;
    const n = parseNotice(msg.payload);
    if (n) onChange(n);
  });
  await client.query(`LISTEN ${CHANGE_CHANNEL}`);
  return { close: () => client.end() };
}
