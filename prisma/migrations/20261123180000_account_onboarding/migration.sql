-- AlterTable
ALTER TABLE "accounts" ADD COLUMN     "country" TEXT,
ADD COLUMN     "onboarding" JSONB,
ADD COLUMN     "review_reason" TEXT;
