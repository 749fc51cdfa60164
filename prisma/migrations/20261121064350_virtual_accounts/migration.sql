-- CreateTable
CREATE TABLE "virtual_accounts" (
    "id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "root_account_id" UUID NOT NULL,
    "number_seq" BIGSERIAL NOT NULL,
    "currency" TEXT NOT NULL,
    "payment_method" TEXT NOT NULL,
    "account_number" TEXT NOT NULL,
    "account_holder" TEXT NOT NULL,
    "bank_name" TEXT NOT NULL,
    "bank_address" TEXT NOT NULL,
    "bank_code" TEXT NOT NULL,
    "swift_code" TEXT NOT NULL,
    "country_code" TEXT NOT NULL,
    "clearing_system_type" TEXT NOT NULL,
    "clearing_system_value" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "close_reason" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    "activated_at" TIMESTAMPTZ(3),
    "closed_at" TIMESTAMPTZ(3),

    CONSTRAINT "virtual_accounts_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "virtual_accounts_account_id_number_seq_idx" ON "virtual_accounts"("account_id", "number_seq");

-- CreateIndex
CREATE INDEX "virtual_accounts_root_account_id_account_number_idx" ON "virtual_accounts"("root_account_id", "account_number");
