import { defineArea, type EntryKindsOf, type ReferencesOf, type TablesOf } from '../../../platform/areas';
import { transferPayload } from './events';
import { statusColumn } from '../../../platform/lifecycle/status-columns';
import { TRANSFER_STATUSES } from './rules';

/** What the transfers area of wallet gives the registry (src/domain/areas.ts): its ledger references and entry kinds, the views its events store, the tables its write sets insert into. */
export const area = defineArea({
  /** The objects GraphQL's node(id) finds by their rows' ids. */
  nodes: [{ kind: 'transfer', table: 'transfers', tenantColumns: ['account_id', 'source_account_id', 'target_account_id'] }],
  statusColumns: [statusColumn('transfers', 'status', TRANSFER_STATUSES)],
  payloads: [transferPayload],
  tables: ['transfers'],
  ledgerReferences: ['TRANSFER'],
  entryKinds: ['TRANSFER'],
});

declare module '../../../platform/writes/write-set' {
  interface AreaTables extends TablesOf<typeof area> {}
}

declare module '../../../platform/ledger/references' {
  interface LedgerReferences extends ReferencesOf<typeof area> {}
  interface JournalEntryKinds extends EntryKindsOf<typeof area> {}
}
