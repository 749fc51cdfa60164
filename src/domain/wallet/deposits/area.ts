import { defineArea, type EntryKindsOf, type ReferencesOf, type TablesOf } from '../../../platform/areas';
import { depositPayload } from './events';
// Its scheduled transitions register themselves with the scheduler when loaded.
import { depositLifecycle } from './lifecycle';

/** What the deposits area of wallet gives the registry (src/domain/areas.ts): its ledger references and entry kinds, the views its events store, the tables its write sets insert into and its lifecycle. */
export const area = defineArea({
  /** The objects GraphQL's node(id) finds by their rows' ids. */
  nodes: [{ kind: 'deposit', table: 'deposits' }],
  statusColumns: [depositLifecycle.statusColumn],
  payloads: [depositPayload],
  tables: ['deposits'],
  ledgerReferences: ['DEPOSIT'],
  entryKinds: [
    /** A deposit credited to the wallet. */
    'DEPOSIT',
  ],
});

declare module '../../../platform/writes/write-set' {
  interface AreaTables extends TablesOf<typeof area> {}
}

declare module '../../../platform/ledger/references' {
  interface LedgerReferences extends ReferencesOf<typeof area> {}
  interface JournalEntryKinds extends EntryKindsOf<typeof area> {}
}
