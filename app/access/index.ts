export { canRead, ownerFilter, seesAllOwners, type OwnerFilter } from './ownership';
export { requirePrincipal, requireUser, principalLabel, principalOfLabel, USER_LABEL_PREFIX } from './principal';
