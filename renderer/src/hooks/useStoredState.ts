import { useCallback, useState } from 'react';

/** localStorage key prefix of every setting the renderer remembers. */
export const STORAGE_PREFIX = 'scratchpad-inspector.';

/** Reads a remembered JSON value, or `fallback` when absent, unreadable or storage is unavailable. */
export function readStored<T>(key: string, fallback: T): T {
  try {
    const raw = window.localStorage.getItem(STORAGE_PREFIX + key);
    return raw === null ? fallback : (JSON.parse(raw) as T);
  } catch {
    return fallback;
  }
}

/** Remembers a JSON value (ignored when storage is unavailable: the setting then lasts for the session). */
export function writeStored(key: string, value: unknown): void {
  try {
    window.localStorage.setItem(STORAGE_PREFIX + key, JSON.stringify(value));
  } catch {
    // storage full or disabled: nothing to lose but the preference
  }
}

/** useState whose value is remembered in localStorage under `key` (a UI preference, never data). */
export function useStoredState<T>(key: string, fallback: T): [T, (value: T) => void] {
  const [value, setValue] = useState<T>(() => readStored(key, fallback));
  const set = useCallback(
    (next: T) => {
      setValue(next);
      writeStored(key, next);
    },
    [key],
  );
  return [value, set];
}
