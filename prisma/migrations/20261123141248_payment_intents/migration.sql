-- CreateTable
CREATE TABLE "payment_intents" (
    "id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "status" TEXT NOT NULL,
    "amount" DECIMAL(38,18) NOT NULL,
    "currency" TEXT NOT NULL,
    "captured_amount" DECIMAL(38,18) NOT NULL,
    "description" TEXT,
    "merchant_order_id" TEXT NOT NULL,
    "metadata" JSONB,
    "return_url" TEXT,
    "available_payment_method_types" TEXT[],
    "customer" JSONB,
    "customer_id" TEXT,
    "payment_orders" JSONB,
    "ip_address" TEXT,
    "browser_info" JSONB,
    "client_secret_expires_at" TIMESTAMPTZ(3) NOT NULL,
    "next_action" JSONB,
    "latest_attempt_id" UUID,
    "cancellation_reason" TEXT,
    "cancelled_at" TIMESTAMPTZ(3),
    "completed_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "payment_intents_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "payment_attempts" (
    "id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "payment_intent_id" UUID NOT NULL,
    "status" TEXT NOT NULL,
    "amount" DECIMAL(38,18) NOT NULL,
    "currency" TEXT NOT NULL,
    "captured_amount" DECIMAL(38,18) NOT NULL,
    "refunded_amount" DECIMAL(38,18) NOT NULL,
    "payment_method_type" TEXT NOT NULL,
    "card" JSONB,
    "card_fingerprint" TEXT,
    "authentication_data" JSONB,
    "failure_code" TEXT,
    "cancellation_reason" TEXT,
    "auth_code" TEXT,
    "arn" TEXT,
    "rrn" TEXT,
    "advice_code" TEXT,
    "completed_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "payment_attempts_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "payment_intents_account_id_created_at_idx" ON "payment_intents"("account_id", "created_at");

-- CreateIndex
CREATE INDEX "payment_intents_account_id_status_created_at_idx" ON "payment_intents"("account_id", "status", "created_at");

-- CreateIndex
CREATE INDEX "payment_intents_account_id_merchant_order_id_idx" ON "payment_intents"("account_id", "merchant_order_id");

-- CreateIndex
CREATE INDEX "payment_attempts_account_id_created_at_idx" ON "payment_attempts"("account_id", "created_at");

-- CreateIndex
CREATE INDEX "payment_attempts_payment_intent_id_created_at_idx" ON "payment_attempts"("payment_intent_id", "created_at");

-- AddForeignKey
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_payment_intent_id_fkey" FOREIGN KEY ("payment_intent_id") REFERENCES "payment_intents"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
