-- CreateTable
CREATE TABLE "card_secrets" (
    "card_id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "pan_hash" TEXT NOT NULL,
    "pan_ciphertext" TEXT NOT NULL,
    "key_id" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "card_secrets_pkey" PRIMARY KEY ("card_id")
);

-- CreateIndex
CREATE UNIQUE INDEX "card_secrets_pan_hash_key" ON "card_secrets"("pan_hash");

-- CreateIndex
CREATE INDEX "card_secrets_account_id_idx" ON "card_secrets"("account_id");

-- CreateIndex
CREATE INDEX "card_secrets_key_id_idx" ON "card_secrets"("key_id");
