import { describe, expect, it } from 'vitest';
import { describeFailure } from '../../app/cli/exit-codes';
import { EXIT, exitCodeOf, FAILURES, failureHint, failureTitle } from '../../app/common/failures';
import { CLI_ERROR_CODES, ERROR_CODES, ScratchpadError } from '../../app/contract';

describe('FAILURES', () => {
  it('has a title and an exit code for every contract code and every CLI code, and nothing else', () => {
    expect(Object.keys(FAILURES).sort()).toEqual([...ERROR_CODES, ...CLI_ERROR_CODES].sort());
    for (const meaning of Object.values(FAILURES)) {
      expect(meaning.title.length).toBeGreaterThan(0);
      expect(Object.values(EXIT)).toContain(meaning.exit);
    }
  });
});

describe('exitCodeOf', () => {
  it('maps the store codes to the documented exit codes', () => {
    expect(Object.fromEntries(ERROR_CODES.map((c) => [c, exitCodeOf(c)]))).toEqual({
      NOT_FOUND: 1,
      INVALID_ARGUMENT: 2,
      TOO_LARGE: 5,
      READ_ONLY: 5,
      BUSY: 3,
      CORRUPT: 4,
      UNSUPPORTED_FORMAT: 4,
      FORBIDDEN: 5,
      INTERNAL: 5,
      UNAVAILABLE: 5,
    });
  });

  it('maps the CLI codes, and an unknown code as INTERNAL', () => {
    expect([...CLI_ERROR_CODES, 'NO_SUCH_CODE'].map(exitCodeOf)).toEqual([2, 5, 5, 5]);
  });

  it('is what the CLI exits with for a store error and for its own', () => {
    expect(describeFailure(new ScratchpadError('BUSY', 'locked'))).toEqual({ code: 'BUSY', message: 'locked', exitCode: 3 });
    expect(describeFailure(new ScratchpadError('USAGE', 'bad\n  flag'))).toEqual({ code: 'USAGE', message: 'bad flag', exitCode: 2 });
  });
});

describe('failureHint', () => {
  it('tells what to do for an unreachable server and a busy database, nothing where the message says enough', () => {
    expect([failureHint('UNAVAILABLE'), failureHint('BUSY'), failureHint('NOT_FOUND'), failureHint('nonsense')]).toEqual([
      'The database server cannot be reached: check that it is running and that the host and port are right, then retry.',
      'The database is busy or locked by another process: retry in a moment.',
      null,
      null,
    ]);
  });
});

describe('failureTitle', () => {
  it('says what a code means to a person', () => {
    expect([failureTitle('BUSY'), failureTitle('NOT_FOUND'), failureTitle('nonsense')]).toEqual([
      'The database is busy',
      'Not found (missing, deleted by gc, or not yours)',
      'Internal error',
    ]);
  });
});
