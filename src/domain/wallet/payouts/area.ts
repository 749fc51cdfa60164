import { defineArea, type TablesOf } from '../../../platform/areas';
import { payoutPayload } from './events';
// Its scheduled transitions register themselves with the scheduler when loaded.
import './lifecycle';

/** What the payouts area of wallet gives the registry (src/domain/areas.ts): the views its events store, the tables its write sets insert into and its lifecycle. */
export const area = defineArea({ payloads: [payoutPayload], tables: ['payouts'] });

declare module '../../../platform/writes/write-set' {
  interface AreaTables extends TablesOf<typeof area> {}
}
