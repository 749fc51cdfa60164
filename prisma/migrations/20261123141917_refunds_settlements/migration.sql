-- CreateTable
CREATE TABLE "refunds" (
    "id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "payment_intent_id" UUID NOT NULL,
    "payment_attempt_id" UUID NOT NULL,
    "merchant_order_id" TEXT NOT NULL,
    "amount" DECIMAL(38,18) NOT NULL,
    "currency" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "reason" TEXT NOT NULL,
    "metadata" JSONB,
    "source_purpose" TEXT NOT NULL,
    "failure_reason" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    "completed_at" TIMESTAMPTZ(3),

    CONSTRAINT "refunds_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "settlement_batches" (
    "id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "currency" TEXT NOT NULL,
    "cut_at" TIMESTAMPTZ(3) NOT NULL,
    "item_count" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "settlement_batches_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "settlement_items" (
    "id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "batch_id" UUID NOT NULL,
    "payment_intent_id" UUID NOT NULL,
    "payment_attempt_id" UUID NOT NULL,
    "merchant_order_id" TEXT NOT NULL,
    "payment_method" TEXT NOT NULL,
    "source_type" TEXT NOT NULL,
    "transaction_type" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "transaction_created_at" TIMESTAMPTZ(3) NOT NULL,
    "transaction_at" TIMESTAMPTZ(3) NOT NULL,
    "transaction_amount" DECIMAL(38,18) NOT NULL,
    "transaction_currency" TEXT NOT NULL,
    "settlement_amount" DECIMAL(38,18) NOT NULL,
    "settlement_currency" TEXT NOT NULL,
    "net_settlement_amount" DECIMAL(38,18) NOT NULL,
    "exchange_rate" DECIMAL(38,18) NOT NULL,
    "fee_currency" TEXT NOT NULL,
    "interchange_fee" DECIMAL(38,18) NOT NULL,
    "scheme_fee" DECIMAL(38,18) NOT NULL,
    "transaction_fee" DECIMAL(38,18) NOT NULL,
    "return_fee" DECIMAL(38,18) NOT NULL,
    "total_fee_amount" DECIMAL(38,18) NOT NULL,
    "settlement_created_at" TIMESTAMPTZ(3) NOT NULL,
    "settled_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "settlement_items_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "refunds_account_id_created_at_idx" ON "refunds"("account_id", "created_at");

-- CreateIndex
CREATE INDEX "refunds_payment_intent_id_created_at_idx" ON "refunds"("payment_intent_id", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "settlement_batches_account_id_currency_cut_at_key" ON "settlement_batches"("account_id", "currency", "cut_at");

-- CreateIndex
CREATE UNIQUE INDEX "settlement_items_payment_attempt_id_key" ON "settlement_items"("payment_attempt_id");

-- CreateIndex
CREATE INDEX "settlement_items_account_id_settled_at_idx" ON "settlement_items"("account_id", "settled_at");

-- CreateIndex
CREATE INDEX "settlement_items_account_id_batch_id_idx" ON "settlement_items"("account_id", "batch_id");

-- CreateIndex
CREATE INDEX "settlement_items_account_id_payment_intent_id_idx" ON "settlement_items"("account_id", "payment_intent_id");
