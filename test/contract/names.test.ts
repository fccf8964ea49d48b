import { describe, expect, test } from 'vitest';
import { CHANNELS, ERROR_CODES, EVENTS, STORE_ERROR_CODES } from '../../app/contract';
import { ERROR_CODES as CODES, STORE_ERROR_CODES as STORE_CODES } from '../../app/contract/codes';
import { CHANNEL_NAMES, EVENT_NAMES } from '../../app/contract/names';

// The page reads the names from names.ts and codes.ts (no zod); the schema tables must list exactly the same.
describe('CHANNEL_NAMES', () => {
  test('lists the channel table keys, in its order', () => {
    expect([...CHANNEL_NAMES]).toEqual(Object.keys(CHANNELS));
  });
});

describe('EVENT_NAMES', () => {
  test('lists the event table keys, in its order', () => {
    expect([...EVENT_NAMES]).toEqual(Object.keys(EVENTS));
  });
});

describe('ERROR_CODES', () => {
  test('are the store codes then FORBIDDEN and INTERNAL, the same lists through the index', () => {
    expect([...CODES]).toEqual([...STORE_CODES, 'FORBIDDEN', 'INTERNAL']);
    expect(ERROR_CODES).toBe(CODES);
    expect(STORE_ERROR_CODES).toBe(STORE_CODES);
  });
});
