import { defineArea, type EntryKindsOf, type ReferencesOf } from '../../../platform/areas';
import { cardPayload, networkProtectionPayload } from './events';
import { cardLifecycle, cardCreationLifecycle } from './lifecycle';

/** What the cards area of issuing gives the registry (src/domain/areas.ts): its ledger references and entry kinds, the views its events store and its lifecycle. */
export const area = defineArea({
  /** The objects GraphQL's node(id) finds by their rows' ids. */
  nodes: [{ kind: 'card', table: 'cards' }],
  statusColumns: [
    cardLifecycle.statusColumn,
    cardCreationLifecycle.statusColumn,
  ],
  payloads: [cardPayload, networkProtectionPayload],
  ledgerReferences: [
    /** Issuing: a card's own movements (its funding at creation, recharge, withdraw, the release at cancel). */
    'CARD',
  ],
  entryKinds: [
    /** Issuing balance → a SINGLE card (creation's card_limit, CI8). */
    'CARD_RECHARGE',
    /** A SINGLE card → the issuing balance (CI9, the release of a cancelled or expired card's balance). */
    'CARD_WITHDRAW',
  ],
});

declare module '../../../platform/ledger/references' {
  interface LedgerReferences extends ReferencesOf<typeof area> {}
  interface JournalEntryKinds extends EntryKindsOf<typeof area> {}
}
