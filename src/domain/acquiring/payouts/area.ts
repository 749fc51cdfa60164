import { defineArea, type EntryKindsOf, type ReferencesOf, type TablesOf } from '../../../platform/areas';
import { paymentPayoutPayload } from './events';
// Its scheduled transitions register themselves with the scheduler when loaded.
import { paymentPayoutLifecycle } from './lifecycle';

/** What the payouts area of acquiring gives the registry (src/domain/areas.ts): its ledger references and entry kinds, the views its events store, the tables its write sets insert into and its lifecycle. */
export const area = defineArea({
  /** The objects GraphQL's node(id) finds by their rows' ids. */
  nodes: [{ kind: 'payment_payout', table: 'payment_payouts' }],
  statusColumns: [paymentPayoutLifecycle.statusColumn],
  payloads: [paymentPayoutPayload],
  tables: ['payment_payouts'],
  ledgerReferences: ['PAYMENT_PAYOUT'],
  entryKinds: [
    'PAYMENT_PAYOUT',
    'PAYMENT_PAYOUT_COMPLETED',
    'PAYMENT_PAYOUT_RETURNED',
  ],
});

declare module '../../../platform/writes/write-set' {
  interface AreaTables extends TablesOf<typeof area> {}
}

declare module '../../../platform/ledger/references' {
  interface LedgerReferences extends ReferencesOf<typeof area> {}
  interface JournalEntryKinds extends EntryKindsOf<typeof area> {}
}
