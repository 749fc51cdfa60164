-- payrail_idempotency_store(idem, answer): the answer kept under a group-commit item's idempotency
-- key, in the item's subtransaction with its writes (payrail_apply_items).

CREATE OR REPLACE FUNCTION payrail_idempotency_store(idem jsonb, answer jsonb) RETURNS void LANGUAGE sql AS $$
  INSERT INTO idempotency_keys (key, account_id, endpoint, request_hash, response_status, response_body, created_at)
  VALUES (idem->>'key', (idem->>'account_id')::uuid, idem->>'endpoint', idem->>'hash',
          (answer->>'status')::int, answer->>'body', (idem->>'now')::timestamptz);
$$;
