-- Readers of the outbox (webhook fan-out, live subscriptions) tail it in commit-safe order: the id of
-- the transaction that wrote an event, read only below the oldest running transaction's id
-- (pg_snapshot_xmin), so an event committed late is never skipped by a reader's watermark.
ALTER TABLE "outbox_events" ADD COLUMN "tx_id" xid8 NOT NULL DEFAULT pg_current_xact_id();

-- CreateIndex
CREATE INDEX "outbox_events_tx_id_id_idx" ON "outbox_events"("tx_id", "id");

-- A wake-up for readers, one per writing statement (not per row), delivered by PostgreSQL at commit.
-- Readers never trust the payload: they read the table from their watermark.
CREATE FUNCTION payrail_outbox_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('payrail_outbox', '');
  RETURN NULL;
END
$$;

CREATE TRIGGER outbox_events_notify AFTER INSERT ON "outbox_events"
  FOR EACH STATEMENT EXECUTE FUNCTION payrail_outbox_notify();
