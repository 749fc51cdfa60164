-- Envelope encryption (src/platform/key-custody): data keys kept only wrapped by a key-encryption key
-- that is never stored with them; the card data root keys and the JWT signing key move here from
-- files in the data directory at the first start.
CREATE TABLE "data_keys" (
    "purpose" TEXT NOT NULL,
    "id" TEXT NOT NULL,
    "wrapped" TEXT NOT NULL,
    "kek_id" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "data_keys_pkey" PRIMARY KEY ("purpose","id")
);

-- The PAN lookup and CVV keys have versions, as the PAN encryption key has: each card names the
-- root key its hash and its CVV (and activation code) are keyed with. NULL: stored before, keyed
-- with the last (oldest) root key of the list, as then.
ALTER TABLE "card_secrets" ADD COLUMN "lookup_key_id" TEXT,
ADD COLUMN "cvv_key_id" TEXT;
