import { defineArea, type EntryKindsOf, type ReferencesOf } from '../../../platform/areas';
import { settlementBatchPayload } from './events';
import { statusColumn } from '../../../platform/lifecycle/status-columns';
import { SETTLEMENT_STATUSES } from './view';
// Its scheduled job (the daily cut) registers itself with the scheduler when loaded.
import './cut';

/** What the settlements area of acquiring gives the registry (src/domain/areas.ts): its ledger references and entry kinds, the views its events store and its lifecycle. */
export const area = defineArea({
  statusColumns: [statusColumn('settlement_items', 'status', SETTLEMENT_STATUSES)],
  payloads: [settlementBatchPayload],
  ledgerReferences: [
    /** A settlement item (one per settled capture or refund). */
    'SETTLEMENT',
  ],
  entryKinds: [
    /** A settled item: pending gross out, available net and fees in. */
    'SETTLEMENT',
  ],
});

declare module '../../../platform/ledger/references' {
  interface LedgerReferences extends ReferencesOf<typeof area> {}
  interface JournalEntryKinds extends EntryKindsOf<typeof area> {}
}
