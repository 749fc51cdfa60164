-- CreateTable
CREATE TABLE "bank_accounts" (
    "id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "account_name" TEXT NOT NULL,
    "account_number" TEXT NOT NULL,
    "bank_name" TEXT NOT NULL,
    "swift_code" TEXT NOT NULL,
    "bank_country_code" TEXT NOT NULL,
    "bank_address" TEXT NOT NULL,
    "currency" TEXT NOT NULL,
    "bank_code_type" TEXT,
    "bank_code_value" TEXT,
    "bank_branch_code" TEXT,
    "status" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "bank_accounts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "payment_payouts" (
    "id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "status" TEXT NOT NULL,
    "currency" TEXT NOT NULL,
    "amount" DECIMAL(38,18) NOT NULL,
    "statement_descriptor" TEXT NOT NULL,
    "internal_note" TEXT,
    "bank_account_id" UUID,
    "payout_account_id" UUID,
    "failure_reason" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    "completed_at" TIMESTAMPTZ(3),

    CONSTRAINT "payment_payouts_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "bank_accounts_account_id_created_at_idx" ON "bank_accounts"("account_id", "created_at");

-- CreateIndex
CREATE INDEX "bank_accounts_account_id_currency_status_idx" ON "bank_accounts"("account_id", "currency", "status");

-- CreateIndex
CREATE INDEX "payment_payouts_account_id_created_at_idx" ON "payment_payouts"("account_id", "created_at");
