-- payrail_apply_items(items): applies a group-commit batch's items in one transaction, each item in
-- its own subtransaction, and answers one outcome per item (src/platform/db/group-commit.ts reads them).
--
-- An item is {"ops": [op…], "idem"?: key, "response"?: answer, "refusals"?: [answer…]}. With "idem"
-- the key is claimed first (payrail_idempotency_claim): a key held by a concurrent duplicate answers
-- {"o": "processing"}, a key used before {"o": "previous", …}; otherwise the item runs and its answer
-- is stored under the key with its writes (payrail_idempotency_store).
--
-- The ops (src/platform/writes/write-set.ts builds them):
--   {"q": name, "a": args, "r": returns, "b"?: reads balances, "x"?: k}  a named statement of the
--       batch (payrail_apply_batch prepared it); with "b" the balances this batch moved are written
--       to their rows first;
--   {"p": posting, "x"?: k}  a journal entry (payrail_post_in_batch): its balances move in
--       `balances`, carried through the batch and written once after the last item
--       (payrail_write_balances);
--   {"i": table, "a": row, "c": true|false, "x"?: k}  a whole row (payrail_insert_row); with "c" a
--       conflict inserts nothing (a short-reference clash: refused with x, prepared again);
--   {"v": table, "a": {"id", "version"}, "x": k}  the row is still at the version read
--       (payrail_row_unchanged), held FOR SHARE to commit;
--   {"w": table, "a": row}  a row collected for the table's one insert after the last item (an
--       outbox event, a scheduled transition), in item and op order;
--   {"s": name, "a": row}  a named set insert, as a process of an earlier version sends it.
-- An op with "x" refuses its item when it touched no row, or when it answered {"refuse": k}: the
-- item's refusal is then x + k, its writes, balances and collected rows are undone with its
-- subtransaction, and a refusal with a rendered answer is kept under the idempotency key.
--
-- Outcomes: {"o": "applied", "rows": [answer per op]}, {"o": "refused", "refusal": i},
-- {"o": "failed", "state", "constraint", "message"} (any other error of the item), or the claim's
-- answer. A deadlock or serialization failure (40P01, 40001) fails the whole batch, which the
-- application retries. Outcomes and per-op answers are gathered in arrays (appending to a jsonb
-- value copies it whole), and ops are walked by index.

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
    -- A row without data_version comes from a process that stores the REST body: version 1.
    INSERT INTO outbox_events (id, account_id, event_type, event_name, source_id, data, data_version, created_at, delivered_at)
    SELECT e.id, e.account_id, e.event_type, e.event_name, e.source_id, e.data, coalesce(e.data_version, 1), e.created_at, e.delivered_at
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
