import { toWellFormed } from '../../common/codepoints';
import { DEFAULT_PREVIEW_CONTEXT, MAX_PREVIEW_CONTEXT } from '../../common/limits';
import { ScratchpadError } from '../types';
import { describeValue } from '../validate';
import { MAX_SEARCH_LIMIT, type SearchOptions, type SearchQuery } from './types';

/** Default hits per call. */
export const DEFAULT_SEARCH_LIMIT = 100;
/** Default time budget of a regex call, ms. */
export const DEFAULT_TIME_BUDGET_MS = 2_000;

/** Checked options with defaults. */
export interface CheckedOptions {
  readonly limit: number;
  readonly previewContext: number;
  readonly timeBudgetMs: number;
}

function integerIn(name: string, v: unknown, min: number, max: number, dflt: number): number {
  if (v === undefined) return dflt;
  if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < min || v > max) {
    throw new ScratchpadError('INVALID_ARGUMENT', `${name} must be an integer in [${min}, ${max}], got ${describeValue(v)}`);
  }
  return v;
}

/** INVALID_ARGUMENT for an empty or non-string pattern; returns the pattern well-formed (lone surrogates as U+FFFD). */
export function checkPattern(q: SearchQuery): string {
  if (typeof q.pattern !== 'string' || q.pattern.length === 0) {
    throw new ScratchpadError('INVALID_ARGUMENT', `pattern must be a non-empty string, got ${describeValue(q.pattern)}`);
  }
  return toWellFormed(q.pattern);
}

/** Limit 1..MAX_SEARCH_LIMIT, preview context 0..100, time budget 1..600,000 ms; INVALID_ARGUMENT otherwise. */
export function checkOptions(o: SearchOptions): CheckedOptions {
  return {
    limit: integerIn('limit', o.limit, 1, MAX_SEARCH_LIMIT, DEFAULT_SEARCH_LIMIT),
    previewContext: integerIn('previewContext', o.previewContext, 0, MAX_PREVIEW_CONTEXT, DEFAULT_PREVIEW_CONTEXT),
    timeBudgetMs: integerIn('timeBudgetMs', o.timeBudgetMs, 1, 600_000, DEFAULT_TIME_BUDGET_MS),
  };
}

/** Bytes of a hex pattern (whitespace ignored); INVALID_ARGUMENT for odd length or a non-hex digit. */
export function hexBytes(pattern: string): Buffer {
  const digits = pattern.replace(/\s+/g, '');
  const bad = digits.search(/[^0-9a-fA-F]/);
  if (bad !== -1) throw new ScratchpadError('INVALID_ARGUMENT', `hex pattern has a non-hex character at position ${bad}`);
  if (digits.length === 0 || digits.length % 2 !== 0) {
    throw new ScratchpadError('INVALID_ARGUMENT', 'hex pattern must have an even, non-zero number of hex digits');
  }
  return Buffer.from(digits, 'hex');
}
