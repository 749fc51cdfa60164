import { defineArea } from '../../../platform/areas';
import { applicationPayload } from './events';
// Its scheduled transitions register themselves with the scheduler when loaded.
import { applicationLifecycle } from './lifecycle';

/** What the virtual-account-applications area of onboarding gives the registry (src/domain/areas.ts): the views its events store and its lifecycle. */
export const area = defineArea({
  statusColumns: [applicationLifecycle.statusColumn],
  payloads: [applicationPayload],
});
