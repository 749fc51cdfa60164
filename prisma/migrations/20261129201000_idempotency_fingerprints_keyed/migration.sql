-- Idempotency records kept an unkeyed SHA-256 of each request body, from which a PIN, a CVC or a PAN
-- can be recovered by trying candidates, and stored answers that held one-time secrets (a webhook
-- endpoint's signing secret, a card's activation code). Fingerprints are now keyed with a key kept
-- outside the database (src/platform/idempotency/fingerprint.ts), which this migration does not have:
-- the old hashes cannot be rewritten, so they are removed. A record without its fingerprint can no
-- longer tell a retry from another request, so it is never replayed again: its key answers as an
-- expired key does ('retired', RETIRED_FINGERPRINT in fingerprint.ts), and its stored answer, which
-- nothing will read again, is emptied with it. The rows stay until the 30-day purge so that a reused
-- key is still refused rather than run twice.
UPDATE idempotency_keys SET request_hash = 'retired', response_body = '';
