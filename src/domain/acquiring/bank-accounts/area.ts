import { defineArea } from '../../../platform/areas';
import { bankAccountPayload } from './events';
import { statusColumn } from '../../../platform/lifecycle/status-columns';
import { BANK_ACCOUNT_STATUSES } from './rules';

/** What the bank-accounts area of acquiring gives the registry (src/domain/areas.ts): the views its events store. */
export const area = defineArea({
  /** The objects GraphQL's node(id) finds by their rows' ids. */
  nodes: [{ kind: 'bank_account', table: 'bank_accounts' }],
  statusColumns: [statusColumn('bank_accounts', 'status', BANK_ACCOUNT_STATUSES)],
  payloads: [bankAccountPayload],
});
