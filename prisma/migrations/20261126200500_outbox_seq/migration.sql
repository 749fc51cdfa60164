-- Events one transaction writes are read back in the order it wrote them: a sequence number taken
-- per row at insert. Readers tail by (tx_id, seq); event ids stay random (UUID v4) as every resource id.
ALTER TABLE "outbox_events" ADD COLUMN "seq" BIGSERIAL NOT NULL;

DROP INDEX "outbox_events_tx_id_id_idx";
CREATE INDEX "outbox_events_tx_id_seq_idx" ON "outbox_events"("tx_id", "seq");
