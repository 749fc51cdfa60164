-- Authorization decisions (issue 11): an account's decision endpoint, payrail's PGP key pair per
-- account tree, and on each card transaction who decided it and the partner's reference.

-- One configuration per account (the acting account of POST /v1/issuing/auth_decision). The
-- customer's key is public, so it is stored as given (armored).
CREATE TABLE "auth_decision_configs" (
    "account_id" UUID NOT NULL,
    "url" TEXT NOT NULL,
    "public_key" TEXT NOT NULL,
    -- DECLINE or DELEGATE
    "timeout_strategy" TEXT NOT NULL,
    "enabled" BOOLEAN NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "auth_decision_configs_pkey" PRIMARY KEY ("account_id")
);

-- payrail's own key pair, one per tree (keyed by the root account): the customer encrypts its answers
-- to the public key; the private key is sealed (AES-256-GCM under the card-data keys, purpose
-- 'auth-decisions/private-key', subject the root account id).
CREATE TABLE "auth_decision_keys" (
    "root_account_id" UUID NOT NULL,
    "public_key" TEXT NOT NULL,
    "private_key_sealed" TEXT NOT NULL,
    "sealing_key_id" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "auth_decision_keys_pkey" PRIMARY KEY ("root_account_id")
);

-- Who decided an authorization (PAYRAIL, PARTNER, TIMEOUT_STRATEGY); null on other transaction types.
ALTER TABLE "card_transactions" ADD COLUMN "decided_by" TEXT;
ALTER TABLE "card_transactions" ADD COLUMN "partner_reference_id" TEXT;
