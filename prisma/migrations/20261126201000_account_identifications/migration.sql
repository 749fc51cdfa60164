-- Identification numbers of onboarded accounts, one account per number and tree (spec 7.1 "document ID already exists").
-- CreateTable
CREATE TABLE "account_identifications" (
    "root_account_id" UUID NOT NULL,
    "id_number" TEXT NOT NULL,
    "account_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "account_identifications_pkey" PRIMARY KEY ("root_account_id","id_number")
);

-- CreateIndex
CREATE INDEX "account_identifications_account_id_idx" ON "account_identifications"("account_id");

-- AddForeignKey
ALTER TABLE "account_identifications" ADD CONSTRAINT "account_identifications_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
