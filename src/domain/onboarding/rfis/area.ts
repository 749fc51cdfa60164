import { defineArea } from '../../../platform/areas';
import { rfiPayload } from './events';
import { statusColumn } from '../../../platform/lifecycle/status-columns';
import { RFI_STATUSES } from './rules';
// Its scheduled transitions register themselves with the scheduler when loaded.
import './lifecycle';

/** What the rfis area of onboarding gives the registry (src/domain/areas.ts): the views its events store and its lifecycle. */
export const area = defineArea({
  statusColumns: [statusColumn('rfis', 'status', RFI_STATUSES)],
  payloads: [rfiPayload],
});
