-- CreateTable
CREATE TABLE "issuing_reports" (
    "id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "report_type" TEXT NOT NULL,
    "start_time" TIMESTAMPTZ(3) NOT NULL,
    "end_time" TIMESTAMPTZ(3) NOT NULL,
    "status" TEXT NOT NULL,
    "row_count" INTEGER NOT NULL,
    "content" TEXT NOT NULL,
    "creator_id" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "issuing_reports_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "issuing_reports_account_id_created_at_idx" ON "issuing_reports"("account_id", "created_at");
