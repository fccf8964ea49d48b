import { ScratchpadError } from '../types';

/*
 * Checking a JavaScript regex before it runs. V8's messages name the problem but not where it is; the position
 * is found as the end of the longest prefix that some closing suffix still makes valid (an unterminated group or
 * class is then reported at the end of the pattern, a stray quantifier where it stands).
 */

const CLOSERS = ['', ')', '))', ')))', ']', '])', '}', '1}', ']))'];

function valid(source: string, flags: string): boolean {
  try {
    new RegExp(source, flags);
    return true;
  } catch {
    return false;
  }
}

/**
 * Position (UTF-16 index) of the first character that no continuation can make valid; the pattern's length when
 * every prefix can still be completed (something is left open at the end).
 */
export function invalidPosition(source: string, flags: string): number {
  for (let k = 1; k <= source.length; k++) {
    const prefix = source.slice(0, k);
    if (!CLOSERS.some((c) => valid(prefix + c, flags))) return k - 1;
  }
  return source.length;
}

/** Regex flags of a search: global, Unicode (code points, not units), `i` when case-insensitive. */
export function searchFlags(caseSensitive: boolean): string {
  return caseSensitive ? 'gu' : 'giu';
}

/** The compiled regex; INVALID_ARGUMENT naming V8's reason and, when found, the position. */
export function compileRegex(source: string, caseSensitive: boolean): RegExp {
  const flags = searchFlags(caseSensitive);
  try {
    return new RegExp(source, flags);
  } catch (e) {
    const reason = (e as Error).message.replace(/^Invalid regular expression: \/.*\/[a-z]*: /s, '');
    const at = source.length <= 1000 ? invalidPosition(source, flags) : null;
    throw new ScratchpadError('INVALID_ARGUMENT', `invalid regex: ${reason}${at === null ? '' : ` at position ${at}`}`);
  }
}
