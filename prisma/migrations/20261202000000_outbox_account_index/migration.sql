-- The events history (GraphQL `events`, src/platform/events/history.ts) reads one account's events
-- newest first in the tail's order and counts them: without this index both walk the whole outbox.
-- It costs every event written one index entry; the (tx_id, seq) index stays for the tail readers.
CREATE INDEX "outbox_events_account_id_tx_id_seq_idx" ON "outbox_events"("account_id", "tx_id", "seq");
