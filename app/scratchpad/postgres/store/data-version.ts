import type pg from 'pg';
import { listenChanges, type ChangeListener } from '../data/notify';

/** A LISTEN-backed change counter: `read()` for dataVersion, `close()` ends its connection. */
export interface DataVersion {
  read(): Promise<number>;
  close(): Promise<void>;
}

/**
 * dataVersion by LISTEN/NOTIFY instead of polling content: a counter bumped by every change notice (put, gc,
 * TTL change, from any connection, committed). The listening connection opens on the first `read()`; when it
 * fails the counter is bumped once (changes may have been missed) and the next `read()` listens again. A
 * listener that cannot connect makes `read()` reject with the driver error (mapped by `mapError`).
 */
export function createDataVersion(config: pg.ClientConfig, mapError: (err: unknown) => unknown): DataVersion {
  let version = 0;
  let listener: Promise<ChangeListener> | null = null;
  let closed = false;
  const listen = (): Promise<ChangeListener> => {
    const opened = listenChanges(
      config,
      () => version++,
      () => {
        version++;
        listener = null;
        void opened.then((l) => l.close()).catch(() => undefined);
      },
    );
    return opened;
  };
  return {
    async read() {
      if (!closed && listener === null) {
        listener = listen();
        try {
          await listener;
        } catch (err) {
          listener = null;
          throw mapError(err);
        }
      }
      return version;
    },
    async close() {
      closed = true;
      const l = listener;
      listener = null;
      if (l !== null) await l.then((x) => x.close()).catch(() => undefined);
    },
  };
}
