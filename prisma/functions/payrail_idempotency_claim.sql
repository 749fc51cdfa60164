-- payrail_idempotency_claim(idem): a group-commit item's idempotency key, claimed before the item
-- runs (payrail_apply_items). Keys belong to the acting account: a record is (account_id, key).
--
-- Answers NULL when the item may run; {"o": "processing"} when a concurrent duplicate holds the key's
-- advisory lock (it never waits); {"o": "previous", …} with the stored answer when the key was used.

CREATE OR REPLACE FUNCTION payrail_idempotency_claim(idem jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  prev idempotency_keys%ROWTYPE;
BEGIN
  IF NOT pg_try_advisory_xact_lock(hashtextextended((idem->>'account_id') || '/' || (idem->>'key'), 4242)) THEN
    RETURN jsonb_build_object('o', 'processing');
  END IF;
  SELECT * INTO prev FROM idempotency_keys WHERE account_id = (idem->>'account_id')::uuid AND key = idem->>'key';
  IF FOUND THEN
    RETURN jsonb_build_object(
      'o', 'previous', 'account_id', prev.account_id, 'endpoint', prev.endpoint, 'hash', prev.request_hash,
      'created_at', prev.created_at, 'status', prev.response_status, 'body', prev.response_body);
  END IF;
  RETURN NULL;
END
$$;
