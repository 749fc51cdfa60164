-- Virtual account applications (the official clients' flow): an application per request, its
-- results per payment method, and the virtual accounts it had issued.
ALTER TABLE "virtual_accounts" ADD COLUMN     "application_id" UUID;

-- CreateTable
CREATE TABLE "virtual_account_applications" (
    "id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "root_account_id" UUID NOT NULL,
    "country" TEXT NOT NULL,
    "currency" TEXT NOT NULL,
    "payment_method" TEXT,
    "nickname" TEXT,
    "status" TEXT NOT NULL,
    "public_version" INTEGER NOT NULL,
    "results" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "virtual_account_applications_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "virtual_account_applications_account_id_created_at_idx" ON "virtual_account_applications"("account_id", "created_at");

-- CreateIndex
CREATE INDEX "virtual_accounts_application_id_idx" ON "virtual_accounts"("application_id");
