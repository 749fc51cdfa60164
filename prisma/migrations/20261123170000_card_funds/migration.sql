-- AlterTable
ALTER TABLE "cards" ADD COLUMN     "auth_held" DECIMAL(20,2) NOT NULL DEFAULT 0,
ADD COLUMN     "available_balance" DECIMAL(20,2) NOT NULL DEFAULT 0;
