import { defineArea, type TablesOf } from '../../../platform/areas';
import { virtualAccountPayload } from './events';
// Its scheduled transitions register themselves with the scheduler when loaded.
import { virtualAccountLifecycle } from './lifecycle';

/** What the virtual-accounts area of wallet gives the registry (src/domain/areas.ts): the views its events store, the table its write sets insert into and its lifecycle. */
export const area = defineArea({
  /** The objects GraphQL's node(id) finds by their rows' ids. */
  nodes: [{ kind: 'virtual_account', table: 'virtual_accounts' }],
  statusColumns: [virtualAccountLifecycle.statusColumn],
  payloads: [virtualAccountPayload],
  tables: ['virtual_accounts'],
});

declare module '../../../platform/writes/write-set' {
  interface AreaTables extends TablesOf<typeof area> {}
}
