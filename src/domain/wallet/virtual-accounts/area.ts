import { defineArea } from '../../../platform/areas';
import { virtualAccountPayload } from './events';
import { statusColumn } from '../../../platform/lifecycle/status-columns';
import { VIRTUAL_ACCOUNT_STATUSES } from './rules';
// Its scheduled transitions register themselves with the scheduler when loaded.
import './lifecycle';

/** What the virtual-accounts area of wallet gives the registry (src/domain/areas.ts): the views its events store and its lifecycle. */
export const area = defineArea({
  statusColumns: [statusColumn('virtual_accounts', 'status', VIRTUAL_ACCOUNT_STATUSES)],
  payloads: [virtualAccountPayload],
});
