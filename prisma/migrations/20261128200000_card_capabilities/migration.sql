-- The official clients' card capabilities (issue 25): the card's art, network protection and limit
-- elevation on the card, the elevation's duration on its order, and each account's default card art.

-- AlterTable
ALTER TABLE "cards" ADD COLUMN     "base_card_limit" DECIMAL(20,2),
ADD COLUMN     "card_art_id" UUID,
ADD COLUMN     "limit_elevated_until" TIMESTAMPTZ(3),
ADD COLUMN     "network_protection_action_code" TEXT,
ADD COLUMN     "network_protection_updated_at" TIMESTAMPTZ(3);

-- AlterTable
ALTER TABLE "card_orders" ADD COLUMN     "duration_in_days" INTEGER;

-- CreateTable
CREATE TABLE "card_art_defaults" (
    "account_id" UUID NOT NULL,
    "card_art_id" UUID NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "card_art_defaults_pkey" PRIMARY KEY ("account_id")
);
