import { defineArea } from '../../../platform/areas';
import { bankAccountPayload } from './events';
import { statusColumn } from '../../../platform/lifecycle/status-columns';
import { BANK_ACCOUNT_STATUSES } from './rules';

/** What the bank-accounts area of acquiring gives the registry (src/domain/areas.ts): the views its events store. */
export const area = defineArea({
  statusColumns: [statusColumn('bank_accounts', 'status', BANK_ACCOUNT_STATUSES)],
  payloads: [bankAccountPayload],
});
