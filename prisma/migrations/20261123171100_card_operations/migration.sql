-- AlterTable
ALTER TABLE "cards" ADD COLUMN     "activated_at" TIMESTAMPTZ(3),
ADD COLUMN     "no_pin_payment_amount" DECIMAL(20,2),
ADD COLUMN     "pin_hash" TEXT;
