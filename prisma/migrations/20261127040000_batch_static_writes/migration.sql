-- The group commit's remaining dynamic statements become static PL/pgSQL, whose plans are kept
-- (docs/performance.md, "Static writes in the batch"). Every `EXECUTE format('EXECUTE %I(%L)', …)`
-- of an op built its text, parsed it as a utility statement and parsed its arguments' JSON back from
-- a literal; a payout had two of them (its beneficiary's guard, its row) and the batch's set inserts
-- two more, re-aggregating every item's events and transitions and parsing them back as one literal.
-- New op kinds, beside the named statements ("q") and postings ("p") that stay as they were:
--   {"i": table, "a": row, "c": true|false[, "x": k]}  insert a whole row into a table written by
--       write sets (src/platform/writes/write-set.ts WritableTable); with "c", a conflict inserts
--       nothing (a short-reference clash: refused with x, prepared again); a table not listed
--       below is inserted by dynamic SQL, so the list is a speed-up, never a limit;
--   {"v": table, "a": {"id", "version"}, "x": k}  the row is still at the version read (every
--       UPDATE raises it, by trigger): locked FOR SHARE to commit, or the item refused with x;
--   {"w": table, "a": row}  a row collected for the table's one insert after the last item (an
--       outbox event, a scheduled transition), in item and op order; a refused or failed item's rows
--       are dropped with it.
-- Outcomes and per-op answers are gathered in arrays (appending to a jsonb value copied it whole,
-- once per item), and ops are walked by index rather than by a set-returning query per item.

CREATE FUNCTION payrail_insert_row(t text, r jsonb, skip_conflict boolean) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  n bigint;
BEGIN
  IF t = 'payouts' THEN
    IF skip_conflict THEN
      INSERT INTO payouts SELECT * FROM jsonb_populate_record(NULL::payouts, r) ON CONFLICT DO NOTHING;
    ELSE
      INSERT INTO payouts SELECT * FROM jsonb_populate_record(NULL::payouts, r);
    END IF;
  ELSIF t = 'deposits' THEN
    IF skip_conflict THEN
      INSERT INTO deposits SELECT * FROM jsonb_populate_record(NULL::deposits, r) ON CONFLICT DO NOTHING;
    ELSE
      INSERT INTO deposits SELECT * FROM jsonb_populate_record(NULL::deposits, r);
    END IF;
  ELSIF t = 'transfers' THEN
    IF skip_conflict THEN
      INSERT INTO transfers SELECT * FROM jsonb_populate_record(NULL::transfers, r) ON CONFLICT DO NOTHING;
    ELSE
      INSERT INTO transfers SELECT * FROM jsonb_populate_record(NULL::transfers, r);
    END IF;
  ELSIF t = 'conversions' THEN
    IF skip_conflict THEN
      INSERT INTO conversions SELECT * FROM jsonb_populate_record(NULL::conversions, r) ON CONFLICT DO NOTHING;
    ELSE
      INSERT INTO conversions SELECT * FROM jsonb_populate_record(NULL::conversions, r);
    END IF;
  ELSIF t = 'payment_payouts' THEN
    IF skip_conflict THEN
      INSERT INTO payment_payouts SELECT * FROM jsonb_populate_record(NULL::payment_payouts, r) ON CONFLICT DO NOTHING;
    ELSE
      INSERT INTO payment_payouts SELECT * FROM jsonb_populate_record(NULL::payment_payouts, r);
    END IF;
  ELSIF t = 'refunds' THEN
    IF skip_conflict THEN
      INSERT INTO refunds SELECT * FROM jsonb_populate_record(NULL::refunds, r) ON CONFLICT DO NOTHING;
    ELSE
      INSERT INTO refunds SELECT * FROM jsonb_populate_record(NULL::refunds, r);
    END IF;
  ELSIF t = 'payment_intents' THEN
    IF skip_conflict THEN
      INSERT INTO payment_intents SELECT * FROM jsonb_populate_record(NULL::payment_intents, r) ON CONFLICT DO NOTHING;
    ELSE
      INSERT INTO payment_intents SELECT * FROM jsonb_populate_record(NULL::payment_intents, r);
    END IF;
  ELSIF t = 'payment_attempts' THEN
    IF skip_conflict THEN
      INSERT INTO payment_attempts SELECT * FROM jsonb_populate_record(NULL::payment_attempts, r) ON CONFLICT DO NOTHING;
    ELSE
      INSERT INTO payment_attempts SELECT * FROM jsonb_populate_record(NULL::payment_attempts, r);
    END IF;
  ELSIF t = 'issuing_transfers' THEN
    IF skip_conflict THEN
      INSERT INTO issuing_transfers SELECT * FROM jsonb_populate_record(NULL::issuing_transfers, r) ON CONFLICT DO NOTHING;
    ELSE
      INSERT INTO issuing_transfers SELECT * FROM jsonb_populate_record(NULL::issuing_transfers, r);
    END IF;
  ELSIF t = 'card_orders' THEN
    IF skip_conflict THEN
      INSERT INTO card_orders SELECT * FROM jsonb_populate_record(NULL::card_orders, r) ON CONFLICT DO NOTHING;
    ELSE
      INSERT INTO card_orders SELECT * FROM jsonb_populate_record(NULL::card_orders, r);
    END IF;
  ELSIF t = 'card_transactions' THEN
    IF skip_conflict THEN
      INSERT INTO card_transactions SELECT * FROM jsonb_populate_record(NULL::card_transactions, r) ON CONFLICT DO NOTHING;
    ELSE
      INSERT INTO card_transactions SELECT * FROM jsonb_populate_record(NULL::card_transactions, r);
    END IF;
  ELSIF t = 'issuing_reports' THEN
    IF skip_conflict THEN
      INSERT INTO issuing_reports SELECT * FROM jsonb_populate_record(NULL::issuing_reports, r) ON CONFLICT DO NOTHING;
    ELSE
      INSERT INTO issuing_reports SELECT * FROM jsonb_populate_record(NULL::issuing_reports, r);
    END IF;
  ELSIF skip_conflict THEN
    EXECUTE format('INSERT INTO %I SELECT * FROM jsonb_populate_record(NULL::%I, $1) ON CONFLICT DO NOTHING', t, t) USING r;
  ELSE
    EXECUTE format('INSERT INTO %I SELECT * FROM jsonb_populate_record(NULL::%I, $1)', t, t) USING r;
  END IF;
  GET DIAGNOSTICS n = ROW_COUNT;
  RETURN n;
END
$$;

-- A row read before the write is unchanged: still there at the version read, held FOR SHARE to commit.
CREATE FUNCTION payrail_row_unchanged(t text, a jsonb) RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
  IF t = 'beneficiaries' THEN
    PERFORM 1 FROM beneficiaries WHERE id = (a->>'id')::uuid AND version = (a->>'version')::int FOR SHARE;
    RETURN FOUND;
  END IF;
  RAISE EXCEPTION 'table % keeps no row version', t USING ERRCODE = '22023';
END
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
  prev idempotency_keys%ROWTYPE;
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
      -- A concurrent duplicate holds the key: it answers "processing" (spec 7.1), never waits.
      IF NOT pg_try_advisory_xact_lock(hashtextextended(idem->>'key', 4242)) THEN
        outcomes := outcomes || jsonb_build_object('o', 'processing');
        CONTINUE;
      END IF;
      SELECT * INTO prev FROM idempotency_keys WHERE key = idem->>'key';
      IF FOUND THEN
        outcomes := outcomes || jsonb_build_object(
          'o', 'previous', 'account_id', prev.account_id, 'endpoint', prev.endpoint, 'hash', prev.request_hash,
          'created_at', prev.created_at, 'status', prev.response_status, 'body', prev.response_body);
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
        INSERT INTO idempotency_keys (key, account_id, endpoint, request_hash, response_status, response_body, created_at)
        VALUES (idem->>'key', (idem->>'account_id')::uuid, idem->>'endpoint', idem->>'hash',
                (item->'response'->>'status')::int, item->'response'->>'body', (idem->>'now')::timestamptz);
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
          INSERT INTO idempotency_keys (key, account_id, endpoint, request_hash, response_status, response_body, created_at)
          VALUES (idem->>'key', (idem->>'account_id')::uuid, idem->>'endpoint', idem->>'hash',
                  (stored->>'status')::int, stored->>'body', (idem->>'now')::timestamptz);
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
