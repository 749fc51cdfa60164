import { defineArea } from '../../../platform/areas';
import { cardholderPayload } from './events';
import { statusColumn } from '../../../platform/lifecycle/status-columns';
import { CARDHOLDER_STATUSES, IDV_STATUSES, REVIEW_STATUSES } from './rules';
// Its scheduled transitions register themselves with the scheduler when loaded.
import './lifecycle';

/** What the cardholders area of issuing gives the registry (src/domain/areas.ts): the views its events store and its lifecycle. */
export const area = defineArea({
  statusColumns: [
    statusColumn('cardholders', 'status', CARDHOLDER_STATUSES),
    statusColumn('cardholders', 'review_status', REVIEW_STATUSES),
    statusColumn('cardholders', 'idv_status', IDV_STATUSES),
  ],
  payloads: [cardholderPayload],
});
