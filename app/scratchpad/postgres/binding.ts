import pg from 'pg';
import { OPERATOR_SETTING, PRINCIPAL_SETTING } from './names';

/**
 * Who a transaction acts for, as row-level security sees it: `owner` is the user id bound to
 * scratchpad.principal (null: none, so no owner's rows); `operator` asks for the operator view (honoured by
 * the policies only for members of scratchpad_operator).
 */
export interface Binding {
  readonly owner: string | null;
  readonly operator: boolean;
}

/** The binding of no one: RLS shows no owner's rows. */
export const UNBOUND: Binding = { owner: null, operator: false };

/**
 * One simple-protocol query (one round trip) that opens a transaction and binds `binding` to it with
 * set_config(..., true), so the setting ends with the transaction and never leaks to the next user of a pooled
 * connection. The owner is quoted with escapeLiteral (the simple protocol takes no parameters).
 */
export function beginSql(binding: Binding, readOnly: boolean): string {
  const owner = binding.owner === null ? "''" : pg.escapeLiteral(binding.owner);
  return `BEGIN${readOnly ? ' READ ONLY' : ''}; SELECT set_config('${PRINCIPAL_SETTING}', ${owner}, true), set_config('${OPERATOR_SETTING}', '${binding.operator ? 'on' : 'off'}', true)`;
}
