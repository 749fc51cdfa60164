-- CreateTable
CREATE TABLE "cards" (
    "id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "cardholder_id" UUID NOT NULL,
    "card_product_id" TEXT NOT NULL,
    "card_bin" TEXT NOT NULL,
    "card_scheme" TEXT NOT NULL,
    "form_factor" TEXT NOT NULL,
    "mode_type" TEXT NOT NULL,
    "masked_pan" TEXT NOT NULL,
    "name_on_card" TEXT NOT NULL,
    "card_currency" TEXT NOT NULL,
    "card_limit" DECIMAL(20,2) NOT NULL,
    "consumed_amount" DECIMAL(20,2) NOT NULL DEFAULT 0,
    "spending_controls" JSONB NOT NULL,
    "risk_controls" JSONB NOT NULL,
    "metadata" JSONB,
    "usage_type" TEXT NOT NULL,
    "auto_cancel_trigger" TEXT,
    "expiry_at" TIMESTAMPTZ(3),
    "status" TEXT NOT NULL,
    "update_reason" TEXT,
    "card_order_id" UUID NOT NULL,
    "order_status" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "cards_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "cards_account_id_created_at_idx" ON "cards"("account_id", "created_at");

-- CreateIndex
CREATE INDEX "cards_account_id_cardholder_id_idx" ON "cards"("account_id", "cardholder_id");

-- CreateIndex
CREATE UNIQUE INDEX "cards_account_id_card_order_id_key" ON "cards"("account_id", "card_order_id");
