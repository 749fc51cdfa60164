import { defineArea, type TablesOf } from '../../../platform/areas';
import { depositPayload } from './events';
// Its scheduled transitions register themselves with the scheduler when loaded.
import './lifecycle';

/** What the deposits area of wallet gives the registry (src/domain/areas.ts): the views its events store, the tables its write sets insert into and its lifecycle. */
export const area = defineArea({ payloads: [depositPayload], tables: ['deposits'] });

declare module '../../../platform/writes/write-set' {
  interface AreaTables extends TablesOf<typeof area> {}
}
