-- Requests for information from the compliance team (the official clients' RFIs).
CREATE TABLE "rfis" (
    "id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "root_account_id" UUID NOT NULL,
    "status" TEXT NOT NULL,
    "questions" JSONB NOT NULL,
    "answers" JSONB,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    "answered_at" TIMESTAMPTZ(3),
    "reviewed_at" TIMESTAMPTZ(3),

    CONSTRAINT "rfis_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "rfis_account_id_created_at_idx" ON "rfis"("account_id", "created_at");

-- CreateIndex
CREATE INDEX "rfis_root_account_id_created_at_idx" ON "rfis"("root_account_id", "created_at");
