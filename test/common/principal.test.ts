import { describe, expect, it } from 'vitest';
import { describePrincipal, NO_OWNER_LABEL, ownerLabel } from '../../app/common/principal';
import { principalLabel as sessionBarLabel } from '../../renderer/src/components/SessionBar';

describe('describePrincipal', () => {
  it('names the operator and an owner in the same words everywhere', () => {
    expect([describePrincipal({ kind: 'operator' }), describePrincipal({ kind: 'user', userId: 'alice' })]).toEqual(['operator (all owners)', 'owner alice']);
  });

  it('is what the session bar says', () => {
    const session = { principal: { kind: 'user', userId: 'bob' } } as Parameters<typeof sessionBarLabel>[0];
    expect(sessionBarLabel(session)).toBe('owner bob');
  });
});

describe('ownerLabel', () => {
  it('shows an owner id as is and a row with no owner as (no owner)', () => {
    expect([ownerLabel('alice'), ownerLabel(null), NO_OWNER_LABEL]).toEqual(['alice', '(no owner)', '(no owner)']);
  });
});
