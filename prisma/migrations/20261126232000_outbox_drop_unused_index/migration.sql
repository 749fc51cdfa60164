-- No reader asks for events by delivered_at any more (readers keep cursors over (tx_id, seq) since
-- issue 11; nothing sets the column): the index only cost every event an index insertion.
DROP INDEX "outbox_events_delivered_at_created_at_idx";
