import { defineArea } from '../../../platform/areas';
import { beneficiaryPayload } from './events';
import { statusColumn } from '../../../platform/lifecycle/status-columns';
import { BENEFICIARY_STATUSES } from './rules';

/** What the beneficiaries area of wallet gives the registry (src/domain/areas.ts): the views its events store. */
export const area = defineArea({
  /** The objects GraphQL's node(id) finds by their rows' ids. */
  nodes: [{ kind: 'beneficiary', table: 'beneficiaries' }],
  statusColumns: [statusColumn('beneficiaries', 'status', BENEFICIARY_STATUSES)],
  payloads: [beneficiaryPayload],
});
