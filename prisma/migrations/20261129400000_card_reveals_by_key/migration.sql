-- The budget of card reveals per API key reads one key's recent reveals over all its cards.
-- CreateIndex
CREATE INDEX "card_secret_access_client_id_created_at_idx" ON "card_secret_access"("client_id", "created_at");
