import { defineArea } from '../../../platform/areas';
import { rfiPayload } from './events';
// Its scheduled transitions register themselves with the scheduler when loaded.
import { rfiLifecycle } from './lifecycle';

/** What the rfis area of onboarding gives the registry (src/domain/areas.ts): the views its events store and its lifecycle. */
export const area = defineArea({
  statusColumns: [rfiLifecycle.statusColumn],
  payloads: [rfiPayload],
});
