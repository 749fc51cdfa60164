import { defineArea, type TablesOf } from '../../../platform/areas';
import { cardOrderPayload } from './events';
import { limitElevationLifecycle } from './lifecycle';

/** What the card-orders area of issuing gives the registry (src/domain/areas.ts): the views its events store, the tables its write sets insert into and its lifecycle. */
export const area = defineArea({
  payloads: [cardOrderPayload],
  tables: ['card_orders'],
  statusColumns: [limitElevationLifecycle.statusColumn],
  /** The objects GraphQL's node(id) finds by their rows' ids. */
  nodes: [
    { kind: 'card_order', table: 'card_orders' },
    /** A card's creation order has no row of its own: it is the card's card_order_id. */
    { kind: 'card_order', table: 'cards', idColumn: 'card_order_id' },
  ],
});

declare module '../../../platform/writes/write-set' {
  interface AreaTables extends TablesOf<typeof area> {}
}
