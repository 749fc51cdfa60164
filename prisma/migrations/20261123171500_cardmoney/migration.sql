-- CreateTable
CREATE TABLE "card_orders" (
    "id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "card_id" UUID NOT NULL,
    "order_type" TEXT NOT NULL,
    "amount" DECIMAL(20,2) NOT NULL,
    "card_currency" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    "completed_at" TIMESTAMPTZ(3),

    CONSTRAINT "card_orders_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "issuing_transfers" (
    "id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "short_transaction_id" TEXT NOT NULL,
    "transfer_type" TEXT NOT NULL,
    "source_account_id" UUID NOT NULL,
    "destination_account_id" UUID NOT NULL,
    "currency" TEXT NOT NULL,
    "amount" DECIMAL(20,2) NOT NULL,
    "remark" TEXT,
    "status" TEXT NOT NULL,
    "creator_id" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "completed_at" TIMESTAMPTZ(3),

    CONSTRAINT "issuing_transfers_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "card_orders_account_id_card_id_created_at_idx" ON "card_orders"("account_id", "card_id", "created_at");

-- CreateIndex
CREATE INDEX "issuing_transfers_source_account_id_created_at_idx" ON "issuing_transfers"("source_account_id", "created_at");

-- CreateIndex
CREATE INDEX "issuing_transfers_destination_account_id_created_at_idx" ON "issuing_transfers"("destination_account_id", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "issuing_transfers_account_id_short_transaction_id_key" ON "issuing_transfers"("account_id", "short_transaction_id");
