-- outbox_events.data_version: which form `data` holds.
--   1: the REST body as a webhook sends it (every row written before this migration);
--   2: what changed as the domain sees it, {"kind", "view"}, rendered by the REST door at delivery.
-- The column is added with default 1, which PostgreSQL records for the existing rows without a
-- rewrite; the default then becomes 2 for new rows, since the group commit's collected insert names
-- the columns it fills and leaves this one to its default.
ALTER TABLE "outbox_events" ADD COLUMN "data_version" SMALLINT NOT NULL DEFAULT 1;
ALTER TABLE "outbox_events" ALTER COLUMN "data_version" SET DEFAULT 2;
ALTER TABLE "outbox_events" ADD CONSTRAINT "outbox_events_data_version_check" CHECK ("data_version" IN (1, 2));
