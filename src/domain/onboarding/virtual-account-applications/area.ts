import { defineArea } from '../../../platform/areas';
import { applicationPayload } from './events';
import { statusColumn } from '../../../platform/lifecycle/status-columns';
import { APPLICATION_STATUSES } from './rules';
// Its scheduled transitions register themselves with the scheduler when loaded.
import './lifecycle';

/** What the virtual-account-applications area of onboarding gives the registry (src/domain/areas.ts): the views its events store and its lifecycle. */
export const area = defineArea({
  statusColumns: [statusColumn('virtual_account_applications', 'status', APPLICATION_STATUSES)],
  payloads: [applicationPayload],
});
