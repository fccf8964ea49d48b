import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { canRead, ownerFilter, principalLabel, requirePrincipal, requireUser, seesAllOwners } from '../../app/access';
import { ScratchpadError } from '../../app/scratchpad';

describe('canRead', () => {
  it('lets a user read only its own rows, never ownerless ones', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), fc.option(fc.string({ minLength: 1 })), (userId, owner) => {
        expect(canRead({ kind: 'user', userId }, owner)).toBe(owner === userId);
      }),
    );
  });
  it('lets the operator read every row', () => {
    expect(canRead({ kind: 'operator' }, 'x')).toBe(true);
    expect(canRead({ kind: 'operator' }, null)).toBe(true);
  });
});

describe('ownerFilter', () => {
  it('binds the user id, never inlines it', () => {
    expect(ownerFilter({ kind: 'user', userId: "x' OR 1=1 --" })).toEqual({ sql: ' AND owner = @owner', params: { owner: "x' OR 1=1 --" } });
    expect(ownerFilter({ kind: 'user', userId: 'u' }, 'o.owner')).toEqual({ sql: ' AND o.owner = @owner', params: { owner: 'u' } });
  });
  it('is empty for the operator', () => {
    expect(ownerFilter({ kind: 'operator' })).toEqual({ sql: '', params: {} });
  });
});

describe('requirePrincipal', () => {
  it('accepts the two shapes', () => {
    expect(requirePrincipal({ kind: 'operator' })).toEqual({ kind: 'operator' });
    expect(requirePrincipal({ kind: 'user', userId: 'u', extra: 1 })).toEqual({ kind: 'user', userId: 'u' });
  });
  it.each([
    null,
    undefined,
    'operator',
    {},
    { kind: 'user' },
    { kind: 'user', userId: '' },
    { kind: 'user', userId: 3 },
    { kind: 'user', userId: 'x'.repeat(257) },
    { kind: 'admin' },
  ])('refuses %j with INVALID_ARGUMENT', (p) => {
    expect(() => requirePrincipal(p)).toThrow(ScratchpadError);
    try {
      requirePrincipal(p);
    } catch (err) {
      expect((err as ScratchpadError).code).toBe('INVALID_ARGUMENT');
    }
  });
});

describe('requireUser', () => {
  it('gives the user id, refuses the operator', () => {
    expect(requireUser({ kind: 'user', userId: 'u' }, 'put')).toBe('u');
    expect(() => requireUser({ kind: 'operator' }, 'put')).toThrow(/only a user principal may put/);
  });
});

describe('principalLabel and seesAllOwners', () => {
  it('name the principal and gate operator-only figures', () => {
    expect(principalLabel({ kind: 'user', userId: 'u' })).toBe('u');
    expect(principalLabel({ kind: 'operator' })).toBe('operator');
    expect(seesAllOwners({ kind: 'operator' })).toBe(true);
    expect(seesAllOwners({ kind: 'user', userId: 'u' })).toBe(false);
  });
});
