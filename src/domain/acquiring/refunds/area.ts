import { defineArea, type EntryKindsOf, type ReferencesOf, type TablesOf } from '../../../platform/areas';
import { refundPayload } from './events';
// Its scheduled transitions register themselves with the scheduler when loaded.
import { refundLifecycle } from './lifecycle';

/** What the refunds area of acquiring gives the registry (src/domain/areas.ts): its ledger references and entry kinds, the views its events store, the tables its write sets insert into and its lifecycle. */
export const area = defineArea({
  /** The objects GraphQL's node(id) finds by their rows' ids. */
  nodes: [{ kind: 'refund', table: 'refunds' }],
  statusColumns: [refundLifecycle.statusColumn],
  payloads: [refundPayload],
  tables: ['refunds'],
  ledgerReferences: ['REFUND'],
  entryKinds: [
    /** A refund's amount leaving the payment balance for flight. */
    'REFUND',
    /** A refund's money in flight returned to the card (network). */
    'REFUND_COMPLETED',
    /** A failed refund's money coming back to the payment balance. */
    'REFUND_RETURNED',
  ],
});

declare module '../../../platform/writes/write-set' {
  interface AreaTables extends TablesOf<typeof area> {}
}

declare module '../../../platform/ledger/references' {
  interface LedgerReferences extends ReferencesOf<typeof area> {}
  interface JournalEntryKinds extends EntryKindsOf<typeof area> {}
}
