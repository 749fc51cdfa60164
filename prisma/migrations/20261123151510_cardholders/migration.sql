-- CreateTable
CREATE TABLE "cardholders" (
    "id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "root_account_id" UUID NOT NULL,
    "email" TEXT NOT NULL,
    "email_key" TEXT NOT NULL,
    "first_name" TEXT NOT NULL,
    "last_name" TEXT NOT NULL,
    "country_code" TEXT NOT NULL,
    "phone_number" TEXT NOT NULL,
    "date_of_birth" TEXT,
    "gender" TEXT,
    "nationality" TEXT,
    "residential_address" JSONB,
    "delivery_address" JSONB,
    "identity_type" TEXT,
    "identity_number" TEXT,
    "status" TEXT NOT NULL,
    "review_status" TEXT NOT NULL,
    "idv_status" TEXT,
    "kyc_method" TEXT,
    "idv_url_expires_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "cardholders_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "cardholders_account_id_created_at_idx" ON "cardholders"("account_id", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "cardholders_root_account_id_email_key_key" ON "cardholders"("root_account_id", "email_key");
