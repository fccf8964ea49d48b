export { canRead, ownerFilter, seesAllOwners, type OwnerFilter } from './ownership';
export { requirePrincipal, requireUser, principalLabel, MAX_USER_ID_LENGTH } from './principal';
