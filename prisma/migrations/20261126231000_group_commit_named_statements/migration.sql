-- The group commit's batch names each statement once (docs/performance.md, "Statements named once per
-- batch"). Before, every op of every item carried its whole SQL text, which the function hashed and
-- checked on each op: a batch of 20 payouts was ~160 KB of JSON, more than half of it repeated SQL.
-- Now the batch is two arguments: `statements` {name: sql} with each statement used in the batch once,
-- named 'payrail_' || md5(sql) by the application, prepared here on first sight per connection; and
-- `items`, whose ops name their statement:
--   {"q": name, "a": jsonb args, "r": returns (bool), "x": refusal index (optional)}
-- An op with "x" refuses the item when its statement touched no row, or when it answered an object
-- {"refuse": k}: then with refusal x + k (a posting whose k-th guarded line is short, payrail_post).
-- or name a set insert that takes their row at the end of the batch:
--   {"s": name, "a": jsonb row}
-- A set insert (an outbox event, a scheduled transition: rows that cannot conflict and that nothing
-- later in the item reads) runs once per name after the last item, with the rows of the applied
-- items in item and op order: one statement for the batch's events instead of one per item.
-- Everything else (idempotency record, subtransaction per item, outcomes, retries) is payrail_apply's,
-- unchanged. The one-argument functions stay for a process of the previous version during an upgrade.
CREATE FUNCTION payrail_apply_items(items jsonb) RETURNS jsonb
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
  idx int := 0;
  applied int[] := '{}';
  sname text;
  srows jsonb;
BEGIN
  FOR item IN SELECT value FROM jsonb_array_elements(items) LOOP
    idx := idx + 1;
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
        IF op ? 's' THEN
          results := results || 'null'::jsonb;
          CONTINUE;
        END IF;
        IF (op->>'r')::boolean THEN
          EXECUTE format('EXECUTE %I(%L)', op->>'q', op->>'a') INTO r;
        ELSE
          EXECUTE format('EXECUTE %I(%L)', op->>'q', op->>'a');
        END IF;
        GET DIAGNOSTICS n = ROW_COUNT;
        IF op ? 'x' AND (n = 0 OR (jsonb_typeof(r) = 'object' AND r ? 'refuse')) THEN
          -- No row, or the statement's own answer {"refuse": k}: the item's refusal x + k.
          refused := (op->>'x')::int + coalesce((r->>'refuse')::int, 0);
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
      applied := applied || idx;
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
  FOR sname, srows IN
    SELECT o.op->>'s', jsonb_agg(o.op->'a' ORDER BY it.i, o.j)
      FROM jsonb_array_elements(items) WITH ORDINALITY AS it(item, i)
      CROSS JOIN LATERAL jsonb_array_elements(it.item->'ops') WITH ORDINALITY AS o(op, j)
     WHERE it.i = ANY(applied) AND o.op ? 's'
     GROUP BY o.op->>'s'
  LOOP
    EXECUTE format('EXECUTE %I(%L)', sname, srows);
  END LOOP;
  RETURN outcomes;
END
$$;

-- The group commit's entry point: prepares the batch's statements this connection has not prepared
-- yet (a setting remembers it cheaply; after a rollback has reset the setting, the catalogue of
-- prepared statements, which no rollback undoes, is asked), marks the transaction for the
-- post-commit NOTIFY (migration outbox_notify_after_commit), and applies the items.
CREATE FUNCTION payrail_apply_batch(statements jsonb, items jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  pname text;
  sqltext text;
BEGIN
  FOR pname, sqltext IN SELECT key, value FROM jsonb_each_text(statements) LOOP
    IF pname !~ '^payrail_[0-9a-f]{32}$' OR pname <> 'payrail_' || md5(sqltext) THEN
      RAISE EXCEPTION 'statement % is not named by its text', pname USING ERRCODE = '22023';
    END IF;
    IF current_setting('payrail.' || pname, true) IS DISTINCT FROM 'prepared' THEN
      IF NOT EXISTS (SELECT 1 FROM pg_prepared_statements WHERE name = pname) THEN
        EXECUTE format('PREPARE %I(jsonb) AS %s', pname, sqltext);
      END IF;
      PERFORM set_config('payrail.' || pname, 'prepared', false);
    END IF;
  END LOOP;
  PERFORM set_config('payrail.outbox_notify', 'after_commit', true);
  RETURN payrail_apply_items(items);
END
$$;
