-- Group commit (docs/performance.md): one call applies a batch of independent write sets in one
-- transaction, each in its own subtransaction, and answers one outcome per item. The function knows
-- no business rule: the statements, their arguments and what an unmatched guard means are built in
-- src/domain (see src/platform/writes). It only runs them, in order, and keeps the idempotency record
-- (spec 4.0, 7.1) beside the effect, exactly as src/platform/idempotency/layer.ts describes.
--
-- An item: {
--   "idem":     {"key", "account_id", "endpoint", "hash", "now"}                    (optional)
--   "ops":      [{"sql": text taking $1 (jsonb), "args": jsonb, "returns": bool, "refuse": int}]
--   "response": {"status", "body"}      stored under the key when every op applied
--   "refusals": [{"status", "body"} | null]   stored when op.refuse = i matched no row (null: not stored)
-- }
-- An outcome: {"o": "applied", "rows": [...]} | {"o": "refused", "refusal": i}
--   | {"o": "previous", ...the stored record} | {"o": "processing"}
--   | {"o": "failed", "state", "constraint", "message"}
-- A deadlock or serialization failure is raised, so the caller retries the whole batch.
CREATE OR REPLACE FUNCTION payrail_apply(batch jsonb) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  item jsonb;
  op jsonb;
  idem jsonb;
  stored jsonb;
  outcomes jsonb := '[]'::jsonb;
  results jsonb;
  r jsonb;
  n bigint;
  refused int;
  prev idempotency_keys%ROWTYPE;
  st text;
  cn text;
  msg text;
  pname text;
BEGIN
  FOR item IN SELECT value FROM jsonb_array_elements(batch) LOOP
    idem := item->'idem';
    IF idem IS NOT NULL THEN
      -- A concurrent duplicate holds the key: it answers "processing" (spec 7.1), never waits.
      IF NOT pg_try_advisory_xact_lock(hashtextextended(idem->>'key', 4242)) THEN
        outcomes := outcomes || jsonb_build_array(jsonb_build_object('o', 'processing'));
        CONTINUE;
      END IF;
      SELECT * INTO prev FROM idempotency_keys WHERE key = idem->>'key';
      IF FOUND THEN
        outcomes := outcomes || jsonb_build_array(jsonb_build_object(
          'o', 'previous', 'account_id', prev.account_id, 'endpoint', prev.endpoint, 'hash', prev.request_hash,
          'created_at', prev.created_at, 'status', prev.response_status, 'body', prev.response_body));
        CONTINUE;
      END IF;
    END IF;
    refused := NULL;
    BEGIN
      results := '[]'::jsonb;
      FOR op IN SELECT value FROM jsonb_array_elements(item->'ops') LOOP
        r := NULL;
        -- Each statement text is prepared once per connection and run by name: planning dynamic SQL
        -- on every call cost five times the work (docs/performance.md). A setting remembers it
        -- cheaply; after a rollback has reset the setting the catalogue of prepared statements,
        -- which no rollback undoes, is asked.
        pname := 'payrail_' || md5(op->>'sql');
        IF current_setting('payrail.' || pname, true) IS DISTINCT FROM 'prepared' THEN
          IF NOT EXISTS (SELECT 1 FROM pg_prepared_statements WHERE name = pname) THEN
            EXECUTE format('PREPARE %I(jsonb) AS %s', pname, op->>'sql');
          END IF;
          PERFORM set_config('payrail.' || pname, 'prepared', false);
        END IF;
        IF (op->>'returns')::boolean THEN
          EXECUTE format('EXECUTE %I(%L)', pname, op->>'args') INTO r;
        ELSE
          EXECUTE format('EXECUTE %I(%L)', pname, op->>'args');
        END IF;
        GET DIAGNOSTICS n = ROW_COUNT;
        IF n = 0 AND op ? 'refuse' THEN
          refused := (op->>'refuse')::int;
          RAISE EXCEPTION 'write refused' USING ERRCODE = 'PR001';
        END IF;
        results := results || jsonb_build_array(coalesce(r, 'null'::jsonb));
      END LOOP;
      IF idem IS NOT NULL THEN
        INSERT INTO idempotency_keys (key, account_id, endpoint, request_hash, response_status, response_body, created_at)
        VALUES (idem->>'key', (idem->>'account_id')::uuid, idem->>'endpoint', idem->>'hash',
                (item->'response'->>'status')::int, item->'response'->>'body', (idem->>'now')::timestamptz);
      END IF;
      outcomes := outcomes || jsonb_build_array(jsonb_build_object('o', 'applied', 'rows', results));
    EXCEPTION
      WHEN SQLSTATE 'PR001' THEN
        -- The item's writes are rolled back; a refusal with a rendered answer is kept under the key.
        stored := item->'refusals'->refused;
        IF idem IS NOT NULL AND stored IS NOT NULL AND jsonb_typeof(stored) = 'object' THEN
          INSERT INTO idempotency_keys (key, account_id, endpoint, request_hash, response_status, response_body, created_at)
          VALUES (idem->>'key', (idem->>'account_id')::uuid, idem->>'endpoint', idem->>'hash',
                  (stored->>'status')::int, stored->>'body', (idem->>'now')::timestamptz);
        END IF;
        outcomes := outcomes || jsonb_build_array(jsonb_build_object('o', 'refused', 'refusal', refused));
      WHEN OTHERS THEN
        GET STACKED DIAGNOSTICS st = RETURNED_SQLSTATE, cn = CONSTRAINT_NAME, msg = MESSAGE_TEXT;
        IF st IN ('40P01', '40001') THEN
          RAISE;
        END IF;
        outcomes := outcomes || jsonb_build_array(jsonb_build_object('o', 'failed', 'state', st, 'constraint', cn, 'message', msg));
    END;
  END LOOP;
  RETURN outcomes;
END
$$;
