-- CreateTable
CREATE TABLE "card_pan_tokens" (
    "token_hash" TEXT NOT NULL,
    "account_id" UUID NOT NULL,
    "card_id" UUID NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "used_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "card_pan_tokens_pkey" PRIMARY KEY ("token_hash")
);

-- CreateTable
CREATE TABLE "card_secret_access" (
    "id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "card_id" UUID NOT NULL,
    "kind" TEXT NOT NULL,
    "client_id" TEXT,
    "channel" TEXT NOT NULL,
    "request_id" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "card_secret_access_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "card_pan_tokens_account_id_card_id_idx" ON "card_pan_tokens"("account_id", "card_id");

-- CreateIndex
CREATE INDEX "card_secret_access_account_id_card_id_created_at_idx" ON "card_secret_access"("account_id", "card_id", "created_at");
