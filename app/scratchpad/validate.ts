import { ScratchpadError } from './types';

import { MAX_NAME_LENGTH } from '../common/limits';

function invalid(message: string): never {
  throw new ScratchpadError('INVALID_ARGUMENT', message);
}

/** Describes a bad value briefly for an error message (never echoes large input). */
export function describeValue(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}...` : value);
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  return value === null ? 'null' : typeof value;
}

/** An integer >= 0 (a safe integer: no NaN, float, negative, string or huge value); INVALID_ARGUMENT otherwise. */
export function requireCount(value: unknown, name: string): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) invalid(`${name} must be an integer >= 0, got ${describeValue(value)}`);
  return value;
}

/** A finite number (seconds and the like); INVALID_ARGUMENT otherwise. */
export function requireFinite(value: unknown, name: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) invalid(`${name} must be a finite number, got ${describeValue(value)}`);
  return value;
}

/** A non-empty string of at most {@link MAX_NAME_LENGTH} characters; INVALID_ARGUMENT otherwise. */
export function requireName(value: unknown, name: string): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_NAME_LENGTH) {
    invalid(`${name} must be a non-empty string of at most ${MAX_NAME_LENGTH} characters, got ${describeValue(value)}`);
  }
  return value;
}

/**
 * A turn id to look rows up by (listForTurn, extendTtl and readLog of a turn): any non-empty string, of any
 * length. A put caps turn ids at {@link MAX_NAME_LENGTH}, but other writers (the original runtime, SQL) store
 * longer ones, and every turn listTurns lists must be requestable. INVALID_ARGUMENT for anything else.
 */
export function requireTurnKey(value: unknown, name: string): string {
  if (typeof value !== 'string' || value.length === 0) invalid(`${name} must be a non-empty string, got ${describeValue(value)}`);
  return value;
}

/** Like {@link requireName} but null and undefined give null. */
export function optionalName(value: unknown, name: string): string | null {
  return value === null || value === undefined ? null : requireName(value, name);
}

/** A plain object (not null, not an array); INVALID_ARGUMENT otherwise. */
export function requireObject(value: unknown, name: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) invalid(`${name} must be an object, got ${describeValue(value)}`);
  return value as Record<string, unknown>;
}
