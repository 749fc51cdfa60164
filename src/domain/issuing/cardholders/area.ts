import { defineArea } from '../../../platform/areas';
import { cardholderPayload } from './events';
import { statusColumn } from '../../../platform/lifecycle/status-columns';
import { IDV_STATUSES, REVIEW_STATUSES } from './rules';
import { cardholderLifecycle } from './lifecycle';

/** What the cardholders area of issuing gives the registry (src/domain/areas.ts): the views its events store and its lifecycle. */
export const area = defineArea({
  statusColumns: [
    cardholderLifecycle.statusColumn,
    statusColumn('cardholders', 'review_status', REVIEW_STATUSES),
    statusColumn('cardholders', 'idv_status', IDV_STATUSES),
  ],
  payloads: [cardholderPayload],
});
