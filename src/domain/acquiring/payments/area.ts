import { defineArea, type EntryKindsOf, type ReferencesOf, type TablesOf } from '../../../platform/areas';
import { paymentIntentPayload } from './events';
import { statusColumn } from '../../../platform/lifecycle/status-columns';
import { ATTEMPT_STATUSES } from './rules';
// Its scheduled transitions register themselves with the scheduler when loaded.
import { paymentIntentLifecycle } from './lifecycle';

/** What the payments area of acquiring gives the registry (src/domain/areas.ts): its ledger references and entry kinds, the views its events store, the tables its write sets insert into and its lifecycle. */
export const area = defineArea({
  /** The objects GraphQL's node(id) finds by their rows' ids. */
  nodes: [
    { kind: 'payment_intent', table: 'payment_intents' },
    { kind: 'payment_attempt', table: 'payment_attempts' },
  ],
  statusColumns: [
    paymentIntentLifecycle.statusColumn,
    statusColumn('payment_attempts', 'status', ATTEMPT_STATUSES),
  ],
  payloads: [paymentIntentPayload],
  tables: ['payment_intents', 'payment_attempts'],
  ledgerReferences: [
    /** Acquiring: a capture's entry references its PaymentIntent. */
    'PAYMENT_INTENT',
  ],
  entryKinds: [
    /** Captured card money owed by the network, pending for the merchant. */
    'PAYMENT_CAPTURE',
  ],
});

declare module '../../../platform/writes/write-set' {
  interface AreaTables extends TablesOf<typeof area> {}
}

declare module '../../../platform/ledger/references' {
  interface LedgerReferences extends ReferencesOf<typeof area> {}
  interface JournalEntryKinds extends EntryKindsOf<typeof area> {}
}
