-- Idempotency keys belong to the acting account: the record's key is (account_id, key), as Stripe
-- scopes its keys, so one tenant can neither detect nor pre-claim another's key (docs/decisions.md,
-- "Security and resilience (issue 26): secrets and idempotency keys").
--
-- Keys the official clients' opaque contract stored as "<account id>/<key>" lose the prefix, which
-- the account column now says; a row whose plain key the same account used too keeps its prefix
-- (it is never found again and is purged with the others after 30 days).
--
-- The group commit's two idempotency steps (claim the key, store the answer) move into functions of
-- their own, so that how a key is found is written once; payrail_apply_items calls them and is
-- otherwise unchanged.
ALTER TABLE "idempotency_keys" DROP CONSTRAINT "idempotency_keys_pkey";
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_pkey" PRIMARY KEY ("account_id", "key");

UPDATE idempotency_keys k SET key = substr(k.key, 38)
 WHERE k.key LIKE k.account_id::text || '/_%'
   AND NOT EXISTS (SELECT 1 FROM idempotency_keys o WHERE o.account_id = k.account_id AND o.key = substr(k.key, 38));

-- The key's advisory lock and its earlier use: NULL when the item may run, else its outcome
-- ("processing" when a concurrent duplicate holds the key: spec 7.1, never waits).
CREATE FUNCTION payrail_idempotency_claim(idem jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
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

-- The answer kept under the key with the item's writes.
CREATE FUNCTION payrail_idempotency_store(idem jsonb, answer jsonb) RETURNS void LANGUAGE sql AS $$
  INSERT INTO idempotency_keys (key, account_id, endpoint, request_hash, response_status, response_body, created_at)
  VALUES (idem->>'key', (idem->>'account_id')::uuid, idem->>'endpoint', idem->>'hash',
          (answer->>'status')::int, answer->>'body', (idem->>'now')::timestamptz);
$$;

CREATE OR REPLACE FUNCTION payrail_apply_items(items jsonb) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  item jsonb;
  ops jsonb;
  op jsonb;
  idem jsonb;
  stored jsonb;
  outcomes jsonb[] := '{}';
  results jsonb[];
  r jsonb;
  n bigint;
  refused int;
  st text;
  cn text;
  msg text;
  idx int;
  j int;
  applied int[] := '{}';
  sname text;
  srows jsonb;
  balances jsonb := '{}';
  item_balances jsonb;
  posted jsonb;
  events jsonb[] := '{}';
  transitions jsonb[] := '{}';
  events_kept int;
  transitions_kept int;
  w text;
  named_sets boolean := false;
BEGIN
  FOR idx IN 1 .. jsonb_array_length(items) LOOP
    item := items->(idx - 1);
    idem := item->'idem';
    IF idem IS NOT NULL THEN
      r := payrail_idempotency_claim(idem);
      IF r IS NOT NULL THEN
        outcomes := outcomes || r;
        CONTINUE;
      END IF;
    END IF;
    refused := NULL;
    item_balances := balances;
    events_kept := cardinality(events);
    transitions_kept := cardinality(transitions);
    BEGIN
      results := '{}';
      ops := item->'ops';
      FOR j IN 0 .. jsonb_array_length(ops) - 1 LOOP
        op := ops->j;
        r := NULL;
        w := op->>'w';
        IF w IS NOT NULL THEN
          IF w = 'outbox_events' THEN
            events := events || (op->'a');
          ELSIF w = 'scheduled_transitions' THEN
            transitions := transitions || (op->'a');
          ELSE
            RAISE EXCEPTION 'no collected insert for table %', w USING ERRCODE = '22023';
          END IF;
          results := results || 'null'::jsonb;
          CONTINUE;
        END IF;
        IF op ? 's' THEN
          named_sets := true;
          results := results || 'null'::jsonb;
          CONTINUE;
        END IF;
        IF op ? 'p' THEN
          -- A posting: its balances move in `balances`, written to the rows once, after the last item.
          posted := payrail_post_in_batch(op->'p', balances);
          r := posted->'answer';
          IF NOT r ? 'refuse' THEN
            balances := posted->'balances';
          END IF;
          n := 1;
        ELSIF op ? 'i' THEN
          n := payrail_insert_row(op->>'i', op->'a', coalesce((op->>'c')::boolean, false));
          IF n > 0 AND op ? 'c' THEN
            r := 'true'::jsonb;
          END IF;
        ELSIF op ? 'v' THEN
          IF payrail_row_unchanged(op->>'v', op->'a') THEN
            n := 1;
            r := 'true'::jsonb;
          ELSE
            n := 0;
          END IF;
        ELSE
          IF (op->>'b')::boolean THEN
            -- The statement reads ledger balances: the rows first take what this batch moved so far.
            PERFORM payrail_write_balances(balances);
            balances := '{}';
          END IF;
          IF (op->>'r')::boolean THEN
            EXECUTE format('EXECUTE %I(%L)', op->>'q', op->>'a') INTO r;
          ELSE
            EXECUTE format('EXECUTE %I(%L)', op->>'q', op->>'a');
          END IF;
          GET DIAGNOSTICS n = ROW_COUNT;
        END IF;
        IF op ? 'x' AND (n = 0 OR (jsonb_typeof(r) = 'object' AND r ? 'refuse')) THEN
          -- No row, or the statement's own answer {"refuse": k}: the item's refusal x + k.
          refused := (op->>'x')::int + coalesce((r->>'refuse')::int, 0);
          RAISE EXCEPTION 'write refused' USING ERRCODE = 'PR001';
        END IF;
        results := results || coalesce(r, 'null'::jsonb);
      END LOOP;
      IF idem IS NOT NULL THEN
        PERFORM payrail_idempotency_store(idem, item->'response');
      END IF;
      outcomes := outcomes || jsonb_build_object('o', 'applied', 'rows', to_jsonb(results));
      applied := applied || idx;
    EXCEPTION
      WHEN SQLSTATE 'PR001' THEN
        -- The subtransaction undid the item's rows and locks; its balances and collected rows go with them.
        balances := item_balances;
        events := events[1:events_kept];
        transitions := transitions[1:transitions_kept];
        -- The item's writes are rolled back; a refusal with a rendered answer is kept under the key.
        stored := item->'refusals'->refused;
        IF idem IS NOT NULL AND stored IS NOT NULL AND jsonb_typeof(stored) = 'object' THEN
          PERFORM payrail_idempotency_store(idem, stored);
        END IF;
        outcomes := outcomes || jsonb_build_object('o', 'refused', 'refusal', refused);
      WHEN OTHERS THEN
        balances := item_balances;
        events := events[1:events_kept];
        transitions := transitions[1:transitions_kept];
        GET STACKED DIAGNOSTICS st = RETURNED_SQLSTATE, cn = CONSTRAINT_NAME, msg = MESSAGE_TEXT;
        IF st IN ('40P01', '40001') THEN
          RAISE;
        END IF;
        outcomes := outcomes || jsonb_build_object('o', 'failed', 'state', st, 'constraint', cn, 'message', msg);
    END;
  END LOOP;
  PERFORM payrail_write_balances(balances);
  IF cardinality(events) > 0 THEN
    -- The column list leaves tx_id to its default (the writing transaction); seq follows the order.
    INSERT INTO outbox_events (id, account_id, event_type, event_name, source_id, data, created_at, delivered_at)
    SELECT e.id, e.account_id, e.event_type, e.event_name, e.source_id, e.data, e.created_at, e.delivered_at
      FROM unnest(events) WITH ORDINALITY AS u(row, n)
     CROSS JOIN LATERAL jsonb_populate_record(NULL::outbox_events, u.row) AS e
     ORDER BY u.n;
  END IF;
  IF cardinality(transitions) > 0 THEN
    INSERT INTO scheduled_transitions
    SELECT e.* FROM unnest(transitions) WITH ORDINALITY AS u(row, n)
     CROSS JOIN LATERAL jsonb_populate_record(NULL::scheduled_transitions, u.row) AS e
     ORDER BY u.n;
  END IF;
  -- Named set inserts ({"s": name}) of a process of the previous version, during an upgrade.
  IF named_sets THEN
  FOR sname, srows IN
    SELECT o.op->>'s', jsonb_agg(o.op->'a' ORDER BY it.i, o.j)
      FROM jsonb_array_elements(items) WITH ORDINALITY AS it(item, i)
      CROSS JOIN LATERAL jsonb_array_elements(it.item->'ops') WITH ORDINALITY AS o(op, j)
     WHERE it.i = ANY(applied) AND o.op ? 's'
     GROUP BY o.op->>'s'
  LOOP
    EXECUTE format('EXECUTE %I(%L)', sname, srows);
  END LOOP;
  END IF;
  RETURN to_jsonb(outcomes);
END
$$;
