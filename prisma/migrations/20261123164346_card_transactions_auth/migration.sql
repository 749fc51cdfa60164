-- CreateTable
CREATE TABLE "card_transactions" (
    "id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "card_id" UUID NOT NULL,
    "cardholder_id" UUID NOT NULL,
    "masked_pan" TEXT NOT NULL,
    "short_transaction_id" TEXT NOT NULL,
    "original_transaction_id" UUID,
    "transaction_type" TEXT NOT NULL,
    "transaction_status" TEXT NOT NULL,
    "transaction_amount" DECIMAL(20,2) NOT NULL,
    "transaction_currency" TEXT NOT NULL,
    "billing_amount" DECIMAL(20,2) NOT NULL,
    "billing_currency" TEXT NOT NULL,
    "transaction_fee" DECIMAL(20,2) NOT NULL,
    "transaction_fee_currency" TEXT NOT NULL,
    "fee_pass_through" TEXT NOT NULL,
    "card_available_balance" DECIMAL(20,2) NOT NULL,
    "merchant_name" TEXT NOT NULL,
    "merchant_category_code" TEXT NOT NULL,
    "merchant_city" TEXT NOT NULL,
    "merchant_country" TEXT NOT NULL,
    "three_ds" BOOLEAN NOT NULL,
    "authorization_code" TEXT,
    "failure_reason" TEXT,
    "description" TEXT,
    "held_amount" DECIMAL(20,2) NOT NULL,
    "cleared_amount" DECIMAL(20,2) NOT NULL,
    "reversed_amount" DECIMAL(20,2) NOT NULL,
    "refunded_amount" DECIMAL(20,2) NOT NULL,
    "transaction_time" TIMESTAMPTZ(3) NOT NULL,
    "posted_time" TIMESTAMPTZ(3),

    CONSTRAINT "card_transactions_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "card_transactions_account_id_transaction_time_idx" ON "card_transactions"("account_id", "transaction_time");

-- CreateIndex
CREATE INDEX "card_transactions_card_id_transaction_type_transaction_time_idx" ON "card_transactions"("card_id", "transaction_type", "transaction_time");

-- CreateIndex
CREATE UNIQUE INDEX "card_transactions_account_id_short_transaction_id_key" ON "card_transactions"("account_id", "short_transaction_id");
