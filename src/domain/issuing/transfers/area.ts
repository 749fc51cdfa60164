import { defineArea, type EntryKindsOf, type ReferencesOf, type TablesOf } from '../../../platform/areas';
import { issuingTransferPayload } from './events';
import { statusColumn } from '../../../platform/lifecycle/status-columns';
import { ISSUING_TRANSFER_STATUSES } from './rules';

/** What the transfers area of issuing gives the registry (src/domain/areas.ts): its ledger references and entry kinds, the views its events store, the tables its write sets insert into. */
export const area = defineArea({
  /** The objects GraphQL's node(id) finds by their rows' ids. */
  nodes: [{ kind: 'issuing_transfer', table: 'issuing_transfers', tenantColumns: ['account_id', 'source_account_id', 'destination_account_id'] }],
  statusColumns: [statusColumn('issuing_transfers', 'status', ISSUING_TRANSFER_STATUSES)],
  payloads: [issuingTransferPayload],
  tables: ['issuing_transfers'],
  ledgerReferences: [
    /** An issuing transfer between two accounts' issuing balances, or between an account's wallet and its issuing balance. */
    'ISSUING_TRANSFER',
  ],
  entryKinds: [
    /** Issuing: money moved between a wallet and an issuing balance, or between two issuing balances. */
    'ISSUING_TRANSFER',
  ],
});

declare module '../../../platform/writes/write-set' {
  interface AreaTables extends TablesOf<typeof area> {}
}

declare module '../../../platform/ledger/references' {
  interface LedgerReferences extends ReferencesOf<typeof area> {}
  interface JournalEntryKinds extends EntryKindsOf<typeof area> {}
}
