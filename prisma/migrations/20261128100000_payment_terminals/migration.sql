-- Payment terminals (the official clients' payment.terminals): a registered POS terminal and its
-- current PIN key, sealed (never stored in clear).
-- CreateTable
CREATE TABLE "payment_terminals" (
    "id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "terminal_id" TEXT NOT NULL,
    "firm_code" TEXT NOT NULL,
    "firm_sn" TEXT NOT NULL,
    "terminal_model" TEXT NOT NULL,
    "pin_key_sealed" TEXT,
    "pin_key_expires_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "payment_terminals_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "payment_terminals_account_id_terminal_id_key" ON "payment_terminals"("account_id", "terminal_id");

-- CreateIndex
CREATE UNIQUE INDEX "payment_terminals_account_id_firm_code_firm_sn_key" ON "payment_terminals"("account_id", "firm_code", "firm_sn");

-- CreateIndex
CREATE INDEX "payment_terminals_account_id_created_at_idx" ON "payment_terminals"("account_id", "created_at");
