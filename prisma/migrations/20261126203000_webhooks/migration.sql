-- Webhooks (issue 11): endpoints of an account, one delivery row per event x endpoint, and the
-- persisted cursor of the fan-out that reads the outbox (src/domain/developers/webhooks, docs/webhooks.md).

-- CreateTable
CREATE TABLE "webhook_endpoints" (
    "id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "url" TEXT NOT NULL,
    "event_names" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "all_events" BOOLEAN NOT NULL,
    "secret_sealed" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "consecutive_failures" INTEGER NOT NULL DEFAULT 0,
    "created_xid" xid8 NOT NULL DEFAULT pg_current_xact_id(),
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "webhook_endpoints_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "webhook_deliveries" (
    "id" UUID NOT NULL,
    "seq" BIGSERIAL NOT NULL,
    "endpoint_id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "root_account_id" UUID NOT NULL,
    "event_id" UUID NOT NULL,
    "event_account_id" UUID NOT NULL,
    "event_name" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "next_attempt_at" TIMESTAMPTZ(3) NOT NULL,
    "first_attempt_at" TIMESTAMPTZ(3),
    "last_attempt_at" TIMESTAMPTZ(3),
    "last_status_code" INTEGER,
    "last_answer" TEXT,
    "last_error" TEXT,
    "claimed_until" TIMESTAMPTZ(3),
    "claim_token" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "webhook_deliveries_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "outbox_readers" (
    "name" TEXT NOT NULL,
    "tx_id" xid8 NOT NULL,
    "seq" BIGINT NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "outbox_readers_pkey" PRIMARY KEY ("name")
);

-- CreateIndex
CREATE INDEX "webhook_endpoints_account_id_created_at_idx" ON "webhook_endpoints"("account_id", "created_at");

-- CreateIndex
CREATE INDEX "webhook_deliveries_status_next_attempt_at_idx" ON "webhook_deliveries"("status", "next_attempt_at");

-- CreateIndex
CREATE INDEX "webhook_deliveries_endpoint_id_seq_idx" ON "webhook_deliveries"("endpoint_id", "seq");

-- CreateIndex
CREATE INDEX "webhook_deliveries_account_id_created_at_idx" ON "webhook_deliveries"("account_id", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "webhook_deliveries_endpoint_id_event_id_key" ON "webhook_deliveries"("endpoint_id", "event_id");

-- AddForeignKey
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_endpoint_id_fkey" FOREIGN KEY ("endpoint_id") REFERENCES "webhook_endpoints"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The fan-out starts at the outbox's end when webhooks arrive: no endpoint exists yet, so no earlier
-- event has anyone to go to.
INSERT INTO "outbox_readers" ("name", "tx_id", "seq", "updated_at")
VALUES ('webhooks', pg_current_xact_id(), 0, now());
