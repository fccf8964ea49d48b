export { canRead, ownerFilter, seesAllOwners, type OwnerFilter } from './ownership';
export { requirePrincipal, requireUser, principalLabel, principalOfLabel, USER_LABEL_PREFIX, MAX_USER_ID_LENGTH } from './principal';
