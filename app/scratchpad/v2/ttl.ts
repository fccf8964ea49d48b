import type { Principal } from '../../contract';
import { ownerFilter } from '../../access';
import { ScratchpadError } from '../types';
import { requireFinite, requireName, requireObject } from '../validate';
import type { StoreContext } from './context';
import { findVisible } from './lookup';

/**
 * Sets expiresAt = now + ttlSeconds (finite seconds) on one entry (`{ id }`) or a whole turn (`{ turnId }`)
 * visible to `principal` (a user: its own rows; the operator: every owner's), in one transaction; returns the
 * rows changed. NOT_FOUND for a missing or foreign id; a turn with no visible rows changes 0 rows.
 * INVALID_ARGUMENT for a bad target or TTL; READ_ONLY on a read-only store.
 */
export function extendTtl(ctx: StoreContext, principal: Principal, target: unknown, ttlSeconds: unknown): number {
  const t = requireObject(target, 'extendTtl target');
  const ttl = requireFinite(ttlSeconds, 'ttlSeconds');
  const hasId = t.id !== undefined;
  const hasTurn = t.turnId !== undefined;
  if (hasId === hasTurn) throw new ScratchpadError('INVALID_ARGUMENT', 'extendTtl target must be { id } or { turnId }');
  const turnId = hasTurn ? requireName(t.turnId, 'turnId') : null;
  const filter = ownerFilter(principal);
  return ctx.write(() => {
    const expiresAt = ctx.now() + ttl;
    if (turnId === null) {
      const row = findVisible(ctx, principal, t.id);
      return ctx.stmt('UPDATE observations SET expires_at = @expiresAt WHERE pk = @pk').run({ expiresAt, pk: row.pk }).changes;
    }
    return ctx.stmt(`UPDATE observations SET expires_at = @expiresAt WHERE turn_id = @turnId${filter.sql}`).run({ expiresAt, turnId, ...filter.params })
      .changes;
  });
}

/** Distinct owners: all of them (sorted) for the operator; for a user, its own id when it has rows. */
export function listOwners(ctx: StoreContext, principal: Principal): string[] {
  return ctx.read(() => {
    if (principal.kind === 'operator') {
      return (ctx.stmt('SELECT DISTINCT owner FROM observations ORDER BY owner').all() as { owner: string }[]).map((r) => r.owner);
    }
    const has = ctx.stmt('SELECT 1 FROM observations WHERE owner = ? LIMIT 1').get(principal.userId);
    return has === undefined ? [] : [principal.userId];
  });
}
