-- CreateTable
CREATE TABLE "payment_keys" (
    "id" INTEGER NOT NULL,
    "key" TEXT NOT NULL,

    CONSTRAINT "payment_keys_pkey" PRIMARY KEY ("id")
);

-- The key itself: 244 random bits (two v4 UUIDs, from PostgreSQL's strong random source).
INSERT INTO "payment_keys" ("id", "key") VALUES (1, replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''));
