import { defineArea } from '../../../platform/areas';
import { accountPayload } from './events';
import { statusColumn } from '../../../platform/lifecycle/status-columns';
import { ACCOUNT_STATUSES } from '../../../platform/tenancy/account-status';
// Its scheduled transitions register themselves with the scheduler when loaded.
import { verificationLifecycle } from './lifecycle';

/** What the accounts area of onboarding gives the registry (src/domain/areas.ts): the views its events store and its lifecycle. */
export const area = defineArea({
  /** The objects GraphQL's node(id) finds by their rows' ids. */
  nodes: [{ kind: 'account', table: 'accounts', tenantColumns: ['id', 'parent_id'] }],
  statusColumns: [
    statusColumn('accounts', 'status', ACCOUNT_STATUSES),
    verificationLifecycle.statusColumn,
  ],
  payloads: [accountPayload],
});
