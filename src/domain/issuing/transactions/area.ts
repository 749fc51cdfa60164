import { defineArea, type EntryKindsOf, type ReferencesOf, type TablesOf } from '../../../platform/areas';
import { cardTransactionPayload } from './events';
import { statusColumn } from '../../../platform/lifecycle/status-columns';
import { TRANSACTION_STATUSES } from './rules';

/** What the transactions area of issuing gives the registry (src/domain/areas.ts): its ledger references and entry kinds, the views its events store, the tables its write sets insert into. */
export const area = defineArea({
  /** The objects GraphQL's node(id) finds by their rows' ids. */
  nodes: [{ kind: 'card_transaction', table: 'card_transactions' }],
  statusColumns: [statusColumn('card_transactions', 'transaction_status', TRANSACTION_STATUSES)],
  payloads: [cardTransactionPayload],
  tables: ['card_transactions'],
  ledgerReferences: [
    /** A card transaction (authorization, reversal, clearing, refund). */
    'CARD_TRANSACTION',
  ],
  entryKinds: [
    /** A card's funding source → ISSUING_AUTH_HOLD. */
    'CARD_AUTHORIZATION',
    /** ISSUING_AUTH_HOLD → the card's funding source. */
    'CARD_REVERSAL',
    /** ISSUING_AUTH_HOLD → the network (ISSUING_CLEARING), the difference to or from the source. */
    'CARD_CLEARING',
    /** The network → the card's funding source. */
    'CARD_REFUND',
    /** The network → ISSUING_UNSOLICITED_REFUND: a refund nobody asked for, held until claimed. */
    'CARD_UNSOLICITED_REFUND',
    /** ISSUING_UNSOLICITED_REFUND → the card's funding source (or the issuing balance): the claim. */
    'CARD_UNSOLICITED_REFUND_RELEASE',
  ],
});

declare module '../../../platform/writes/write-set' {
  interface AreaTables extends TablesOf<typeof area> {}
}

declare module '../../../platform/ledger/references' {
  interface LedgerReferences extends ReferencesOf<typeof area> {}
  interface JournalEntryKinds extends EntryKindsOf<typeof area> {}
}
