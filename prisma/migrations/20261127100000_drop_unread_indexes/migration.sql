-- Three secondary indexes that nothing reads, each written by every money-moving request (a payout
-- writes one row into each table): an index entry, its WAL record and its share of the commit's
-- flush apiece (docs/decisions.md, "Indexes nothing reads"; docs/performance.md, session 10).
--   idempotency_keys (account_id): keys are found by key (the primary key) and purged by created_at
--     (idempotency_keys_created_at_idx stays); no statement selects them by account.
--   outbox_events (account_id, created_at): events are read by (tx_id, seq) (the tail, the webhook
--     fan-out, an account's subscription filters that range) and by id (a delivery); never by account
--     and time.
--   journal_entries (account_id, created_at): entries are read by id and by reference
--     (journal_entries_reference_type_reference_id_idx stays); an account's statement lists its
--     journal lines (journal_lines_account_id_created_at_idx), not its entries.
-- Dropping an index changes no result, only a plan; a future reader by account adds its index with it.
DROP INDEX "idempotency_keys_account_id_idx";
DROP INDEX "outbox_events_account_id_created_at_idx";
DROP INDEX "journal_entries_account_id_created_at_idx";
