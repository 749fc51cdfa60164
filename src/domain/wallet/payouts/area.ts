import { defineArea, type EntryKindsOf, type ReferencesOf, type TablesOf } from '../../../platform/areas';
import { payoutPayload } from './events';
// Its scheduled transitions register themselves with the scheduler when loaded.
import { payoutLifecycle } from './lifecycle';

/** What the payouts area of wallet gives the registry (src/domain/areas.ts): its ledger references and entry kinds, the views its events store, the tables its write sets insert into and its lifecycle. */
export const area = defineArea({
  /** The objects GraphQL's node(id) finds by their rows' ids. */
  nodes: [{ kind: 'payout', table: 'payouts' }],
  statusColumns: [payoutLifecycle.statusColumn],
  payloads: [payoutPayload],
  tables: ['payouts'],
  ledgerReferences: ['PAYOUT'],
  entryKinds: [
    /** A payout's amount and fee leaving the wallet for flight. */
    'PAYOUT',
    /** A payout's money in flight leaving for the beneficiary's bank. */
    'PAYOUT_COMPLETED',
    /** A rejected or failed payout's money coming back to the wallet. */
    'PAYOUT_RETURNED',
  ],
});

declare module '../../../platform/writes/write-set' {
  interface AreaTables extends TablesOf<typeof area> {}
}

declare module '../../../platform/ledger/references' {
  interface LedgerReferences extends ReferencesOf<typeof area> {}
  interface JournalEntryKinds extends EntryKindsOf<typeof area> {}
}
