import { defineArea, type TablesOf } from '../../../platform/areas';
import { rfiPayload } from './events';
// Its scheduled transitions register themselves with the scheduler when loaded.
import { rfiLifecycle } from './lifecycle';

/** What the rfis area of onboarding gives the registry (src/domain/areas.ts): the views its events store, the table its write sets insert into and its lifecycle. */
export const area = defineArea({
  statusColumns: [rfiLifecycle.statusColumn],
  payloads: [rfiPayload],
  tables: ['rfis'],
});

declare module '../../../platform/writes/write-set' {
  interface AreaTables extends TablesOf<typeof area> {}
}
