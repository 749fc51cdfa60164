import { defineArea } from '../../../platform/areas';
import { applicationPayload } from './events';
// Its scheduled transitions register themselves with the scheduler when loaded.
import { applicationLifecycle } from './lifecycle';

/** What the virtual-account-applications area of onboarding gives the registry (src/domain/areas.ts): the views its events store and its lifecycle. */
export const area = defineArea({
  /** The objects GraphQL's node(id) finds by their rows' ids. */
  nodes: [{ kind: 'virtual_account_application', table: 'virtual_account_applications' }],
  statusColumns: [applicationLifecycle.statusColumn],
  payloads: [applicationPayload],
});
