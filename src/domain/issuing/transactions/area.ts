import { defineArea, type TablesOf } from '../../../platform/areas';
import { cardTransactionPayload } from './events';

/** What the transactions area of issuing gives the registry (src/domain/areas.ts): the views its events store, the tables its write sets insert into. */
export const area = defineArea({ payloads: [cardTransactionPayload], tables: ['card_transactions'] });

declare module '../../../platform/writes/write-set' {
  interface AreaTables extends TablesOf<typeof area> {}
}
