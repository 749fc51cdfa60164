/**
 * What a journal entry belongs to and what it does, in one casing (upper), as BT3 shows them:
 * `transaction_way` is the reference type, `transaction_type` the entry kind. Each area declares
 * its own in its area.ts (`ledgerReferences`, `entryKinds`), with what each means; the registry
 * gathers the lists (src/domain/areas.ts: LEDGER_REFERENCE_TYPES, JOURNAL_ENTRY_KINDS) and the
 * types here take the same names by declaration merging.
 */

/** The resources whose id is an entry's reference_id: each area adds its own. */
// eslint-disable-next-line @typescript-eslint/no-empty-interface
export interface LedgerReferences {}
export type LedgerReferenceType = keyof LedgerReferences & string;

/** The movements an entry posts: each area adds its own. */
// eslint-disable-next-line @typescript-eslint/no-empty-interface
export interface JournalEntryKinds {}
export type JournalEntryKind = keyof JournalEntryKinds & string;
