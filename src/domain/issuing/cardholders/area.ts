import { defineArea } from '../../../platform/areas';
import { cardholderPayload } from './events';
import { statusColumn } from '../../../platform/lifecycle/status-columns';
import { IDV_STATUSES, REVIEW_STATUSES } from './rules';
import { cardholderLifecycle } from './lifecycle';

/** What the cardholders area of issuing gives the registry (src/domain/areas.ts): the views its events store and its lifecycle. */
export const area = defineArea({
  /** The objects GraphQL's node(id) finds by their rows' ids. */
  nodes: [{ kind: 'cardholder', table: 'cardholders' }],
  statusColumns: [
    cardholderLifecycle.statusColumn,
    statusColumn('cardholders', 'review_status', REVIEW_STATUSES),
    statusColumn('cardholders', 'idv_status', IDV_STATUSES),
  ],
  payloads: [cardholderPayload],
});
