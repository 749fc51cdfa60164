-- CreateTable
CREATE TABLE "ledger_accounts" (
    "id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "currency" TEXT NOT NULL,
    "purpose" TEXT NOT NULL,
    "balance" DECIMAL(38,18) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "ledger_accounts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "journal_entries" (
    "id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "kind" TEXT NOT NULL,
    "reference_type" TEXT NOT NULL,
    "reference_id" UUID NOT NULL,
    "description" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "journal_entries_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "journal_lines" (
    "id" UUID NOT NULL,
    "entry_id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "ledger_account_id" UUID NOT NULL,
    "currency" TEXT NOT NULL,
    "amount" DECIMAL(38,18) NOT NULL,
    "balance_after" DECIMAL(38,18) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "journal_lines_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "deposits" (
    "id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "short_reference_id" TEXT NOT NULL,
    "amount" DECIMAL(38,18) NOT NULL,
    "currency" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "deposit_fee" DECIMAL(38,18) NOT NULL,
    "deposit_reference" TEXT,
    "receiver_account_number" TEXT,
    "sender_name" TEXT,
    "sender_country" JSONB,
    "sender_account_number" TEXT,
    "sender_swift_code" TEXT NOT NULL,
    "failure_reason" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    "completed_at" TIMESTAMPTZ(3),

    CONSTRAINT "deposits_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "transfers" (
    "id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "short_reference_id" TEXT NOT NULL,
    "source_account_id" UUID NOT NULL,
    "target_account_id" UUID NOT NULL,
    "currency" TEXT NOT NULL,
    "amount" DECIMAL(38,18) NOT NULL,
    "reason" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "created_by" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "completed_at" TIMESTAMPTZ(3),

    CONSTRAINT "transfers_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "fx_rates" (
    "currency" TEXT NOT NULL,
    "per_usd" DECIMAL(38,18) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "fx_rates_pkey" PRIMARY KEY ("currency")
);

-- CreateTable
CREATE TABLE "fx_quotes" (
    "id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "sell_currency" TEXT NOT NULL,
    "sell_amount" DECIMAL(38,18) NOT NULL,
    "buy_currency" TEXT NOT NULL,
    "buy_amount" DECIMAL(38,18) NOT NULL,
    "rate" DECIMAL(38,18) NOT NULL,
    "fixed_side" TEXT NOT NULL,
    "conversion_date" DATE NOT NULL,
    "transaction_type" TEXT,
    "valid_until" TIMESTAMPTZ(3) NOT NULL,
    "used_at" TIMESTAMPTZ(3),
    "used_by_type" TEXT,
    "used_by_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "fx_quotes_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "conversions" (
    "id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "short_reference_id" TEXT NOT NULL,
    "quote_id" UUID NOT NULL,
    "sell_currency" TEXT NOT NULL,
    "sell_amount" DECIMAL(38,18) NOT NULL,
    "buy_currency" TEXT NOT NULL,
    "buy_amount" DECIMAL(38,18) NOT NULL,
    "rate" DECIMAL(38,18) NOT NULL,
    "conversion_date" DATE NOT NULL,
    "status" TEXT NOT NULL,
    "reference" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "conversions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "beneficiaries" (
    "id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "short_reference_id" TEXT NOT NULL,
    "entity_type" TEXT NOT NULL,
    "payment_method" TEXT NOT NULL,
    "company_name" TEXT,
    "first_name" TEXT,
    "last_name" TEXT,
    "id_number" TEXT,
    "email" TEXT,
    "nickname" TEXT,
    "bank_details" JSONB NOT NULL,
    "address" JSONB,
    "additional_info" JSONB,
    "status" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    "deleted_at" TIMESTAMPTZ(3),

    CONSTRAINT "beneficiaries_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "payouts" (
    "id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "short_reference_id" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "beneficiary_id" UUID NOT NULL,
    "quote_id" UUID,
    "source_currency" TEXT NOT NULL,
    "source_amount" DECIMAL(38,18) NOT NULL,
    "payout_currency" TEXT NOT NULL,
    "payout_amount" DECIMAL(38,18) NOT NULL,
    "fee_amount" DECIMAL(38,18) NOT NULL,
    "fee_currency" TEXT NOT NULL,
    "fee_paid_by" TEXT,
    "payment_method" TEXT NOT NULL,
    "purpose_code" TEXT NOT NULL,
    "payout_reference" TEXT NOT NULL,
    "payout_date" DATE NOT NULL,
    "is_payer" BOOLEAN NOT NULL,
    "payer_id" UUID,
    "documentation" JSONB,
    "failure_reason" TEXT,
    "failure_returned_amount" DECIMAL(38,18),
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    "completed_at" TIMESTAMPTZ(3),

    CONSTRAINT "payouts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "scheduled_transitions" (
    "id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "root_account_id" UUID NOT NULL,
    "kind" TEXT NOT NULL,
    "subject_id" UUID NOT NULL,
    "due_at" TIMESTAMPTZ(3) NOT NULL,
    "status" TEXT NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "last_error" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "done_at" TIMESTAMPTZ(3),

    CONSTRAINT "scheduled_transitions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "test_clocks" (
    "root_account_id" UUID NOT NULL,
    "frozen_time" TIMESTAMPTZ(3) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "test_clocks_pkey" PRIMARY KEY ("root_account_id")
);

-- CreateTable
CREATE TABLE "outbox_events" (
    "id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "event_type" TEXT NOT NULL,
    "event_name" TEXT NOT NULL,
    "source_id" UUID NOT NULL,
    "data" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "delivered_at" TIMESTAMPTZ(3),

    CONSTRAINT "outbox_events_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "ledger_accounts_account_id_currency_purpose_key" ON "ledger_accounts"("account_id", "currency", "purpose");

-- CreateIndex
CREATE INDEX "journal_entries_account_id_created_at_idx" ON "journal_entries"("account_id", "created_at");

-- CreateIndex
CREATE INDEX "journal_entries_reference_type_reference_id_idx" ON "journal_entries"("reference_type", "reference_id");

-- CreateIndex
CREATE INDEX "journal_lines_entry_id_idx" ON "journal_lines"("entry_id");

-- CreateIndex
CREATE INDEX "journal_lines_account_id_created_at_idx" ON "journal_lines"("account_id", "created_at");

-- CreateIndex
CREATE INDEX "journal_lines_ledger_account_id_created_at_idx" ON "journal_lines"("ledger_account_id", "created_at");

-- CreateIndex
CREATE INDEX "deposits_account_id_created_at_idx" ON "deposits"("account_id", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "deposits_account_id_short_reference_id_key" ON "deposits"("account_id", "short_reference_id");

-- CreateIndex
CREATE INDEX "transfers_source_account_id_created_at_idx" ON "transfers"("source_account_id", "created_at");

-- CreateIndex
CREATE INDEX "transfers_target_account_id_created_at_idx" ON "transfers"("target_account_id", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "transfers_account_id_short_reference_id_key" ON "transfers"("account_id", "short_reference_id");

-- CreateIndex
CREATE INDEX "fx_quotes_account_id_created_at_idx" ON "fx_quotes"("account_id", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "conversions_quote_id_key" ON "conversions"("quote_id");

-- CreateIndex
CREATE INDEX "conversions_account_id_created_at_idx" ON "conversions"("account_id", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "conversions_account_id_short_reference_id_key" ON "conversions"("account_id", "short_reference_id");

-- CreateIndex
CREATE INDEX "beneficiaries_account_id_created_at_idx" ON "beneficiaries"("account_id", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "beneficiaries_account_id_short_reference_id_key" ON "beneficiaries"("account_id", "short_reference_id");

-- CreateIndex
CREATE INDEX "payouts_account_id_created_at_idx" ON "payouts"("account_id", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "payouts_account_id_short_reference_id_key" ON "payouts"("account_id", "short_reference_id");

-- CreateIndex
CREATE INDEX "scheduled_transitions_status_due_at_idx" ON "scheduled_transitions"("status", "due_at");

-- CreateIndex
CREATE INDEX "scheduled_transitions_root_account_id_status_due_at_idx" ON "scheduled_transitions"("root_account_id", "status", "due_at");

-- CreateIndex
CREATE INDEX "outbox_events_account_id_created_at_idx" ON "outbox_events"("account_id", "created_at");

-- CreateIndex
CREATE INDEX "outbox_events_delivered_at_created_at_idx" ON "outbox_events"("delivered_at", "created_at");

-- AddForeignKey
ALTER TABLE "journal_lines" ADD CONSTRAINT "journal_lines_entry_id_fkey" FOREIGN KEY ("entry_id") REFERENCES "journal_entries"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "journal_lines" ADD CONSTRAINT "journal_lines_ledger_account_id_fkey" FOREIGN KEY ("ledger_account_id") REFERENCES "ledger_accounts"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
