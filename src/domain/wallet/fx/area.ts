import { defineArea, type EntryKindsOf, type ReferencesOf, type TablesOf } from '../../../platform/areas';
import { conversionPayload } from './events';
import { statusColumn } from '../../../platform/lifecycle/status-columns';
import { CONVERSION_STATUSES } from './rules';

/** What the fx area of wallet gives the registry (src/domain/areas.ts): its ledger references and entry kinds, the views its events store, the tables its write sets insert into. */
export const area = defineArea({
  /** The objects GraphQL's node(id) finds by their rows' ids. */
  nodes: [{ kind: 'conversion', table: 'conversions' }],
  statusColumns: [statusColumn('conversions', 'status', CONVERSION_STATUSES)],
  payloads: [conversionPayload],
  tables: ['conversions'],
  ledgerReferences: ['CONVERSION'],
  entryKinds: ['CONVERSION'],
});

declare module '../../../platform/writes/write-set' {
  interface AreaTables extends TablesOf<typeof area> {}
}

declare module '../../../platform/ledger/references' {
  interface LedgerReferences extends ReferencesOf<typeof area> {}
  interface JournalEntryKinds extends EntryKindsOf<typeof area> {}
}
