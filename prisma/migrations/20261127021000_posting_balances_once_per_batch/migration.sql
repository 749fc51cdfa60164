-- A hot ledger account's row is written once per group-commit batch instead of once per posting
-- (docs/performance.md "Balances written once per batch"). Under the hot-wallet load every payout
-- moved three rows of one merchant (wallet, payout in flight, fees): a batch of ~20 payouts left ~60
-- versions of them, more than a heap page holds, so updates stopped being HOT, the unique index
-- filled with entries for the same keys, and each UPDATE walked them: 0.5 ms per UPDATE after a few
-- thousand payouts, 1.7 ms after six thousand, most of PostgreSQL's time (measured, same doc).
--
-- In a batch, a posting (op {"p": posting}) now goes to payrail_post_in_batch, which applies the
-- rules of payrail_post (src/platform/ledger/posting.ts) to balances carried in the batch: the first
-- line of a ledger account in the batch reads its row FOR UPDATE (the lock every later line of the
-- batch relies on, held to commit as the UPDATE's was), later lines read the carried balance; a
-- guarded debit is refused when it would go below zero, exactly as the UPDATE's condition did; each
-- journal line records its balance after. An item refused or failed gives its balances back with its
-- rows (its subtransaction). After the last item each touched row is written once, with its final
-- balance and the time of its last posting. A statement that reads ledger balances inside a batch
-- (op flag "b": a card authorization's issuing-balance check) first makes the rows current.
-- Outside the group commit (a caller's transaction) payrail_post is unchanged.

CREATE FUNCTION payrail_post_in_batch(p jsonb, balances jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  line jsonb;
  at timestamptz := (p->>'at')::timestamptz;
  amount numeric;
  k text;
  held jsonb;
  ledger_id uuid;
  balance_after numeric;
  guarded int := 0;
BEGIN
  INSERT INTO journal_entries (id, account_id, kind, reference_type, reference_id, description, created_at)
  VALUES ((p->>'id')::uuid, (p->>'account_id')::uuid, p->>'kind', p->>'reference_type', (p->>'reference_id')::uuid,
          p->>'description', at);
  FOR line IN SELECT value FROM jsonb_array_elements(p->'lines') LOOP
    amount := (line->>'amount')::numeric;
    k := (line->>'account_id') || '/' || (line->>'currency') || '/' || (line->>'purpose');
    held := balances->k;
    IF held IS NULL THEN
      SELECT id, balance INTO ledger_id, balance_after FROM ledger_accounts
       WHERE account_id = (line->>'account_id')::uuid AND currency = line->>'currency' AND purpose = line->>'purpose'
       FOR UPDATE;
      IF NOT FOUND THEN
        -- First use: created at zero (a concurrent first use made it: then it is read, after its commit).
        INSERT INTO ledger_accounts (id, account_id, currency, purpose, balance, created_at, updated_at)
        VALUES ((line->>'new_id')::uuid, (line->>'account_id')::uuid, line->>'currency', line->>'purpose', 0, at, at)
        ON CONFLICT (account_id, currency, purpose) DO NOTHING;
        SELECT id, balance INTO ledger_id, balance_after FROM ledger_accounts
         WHERE account_id = (line->>'account_id')::uuid AND currency = line->>'currency' AND purpose = line->>'purpose'
         FOR UPDATE;
      END IF;
    ELSE
      ledger_id := (held->>'id')::uuid;
      balance_after := (held->>'balance')::numeric;
    END IF;
    IF (line->>'guard')::boolean THEN
      IF balance_after + amount < 0 THEN
        RETURN jsonb_build_object('answer', jsonb_build_object('refuse', guarded));
      END IF;
      guarded := guarded + 1;
    END IF;
    balance_after := balance_after + amount;
    balances := jsonb_set(balances, ARRAY[k], jsonb_build_object('id', ledger_id, 'balance', balance_after::text, 'at', p->>'at'));
    INSERT INTO journal_lines (id, entry_id, account_id, ledger_account_id, currency, amount, balance_after, created_at)
    VALUES ((line->>'id')::uuid, (p->>'id')::uuid, (line->>'account_id')::uuid, ledger_id, line->>'currency', amount,
            balance_after, at);
  END LOOP;
  RETURN jsonb_build_object('answer', jsonb_build_object('entry_id', p->>'id'), 'balances', balances);
END
$$;

-- The balances a batch carried, written to their rows (locked since their first read in the batch).
CREATE FUNCTION payrail_write_balances(balances jsonb) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  held jsonb;
BEGIN
  FOR held IN SELECT value FROM jsonb_each(balances) LOOP
    UPDATE ledger_accounts SET balance = (held->>'balance')::numeric, updated_at = (held->>'at')::timestamptz
     WHERE id = (held->>'id')::uuid;
  END LOOP;
END
$$;

-- Room on each heap page for the new version of a busy row (a HOT update needs it on the same page).
ALTER TABLE ledger_accounts SET (fillfactor = 50);

CREATE OR REPLACE FUNCTION payrail_apply_items(items jsonb) RETURNS jsonb
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
  balances jsonb := '{}';
  item_balances jsonb;
  posted jsonb;
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
    item_balances := balances;
    BEGIN
      results := '[]'::jsonb;
      FOR op IN SELECT value FROM jsonb_array_elements(item->'ops') LOOP
        r := NULL;
        IF op ? 's' THEN
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
        -- The subtransaction undid the item's rows and locks; its balances go back with them.
        balances := item_balances;
        -- The item's writes are rolled back; a refusal with a rendered answer is kept under the key.
        stored := item->'refusals'->refused;
        IF idem IS NOT NULL AND stored IS NOT NULL AND jsonb_typeof(stored) = 'object' THEN
          INSERT INTO idempotency_keys (key, account_id, endpoint, request_hash, response_status, response_body, created_at)
          VALUES (idem->>'key', (idem->>'account_id')::uuid, idem->>'endpoint', idem->>'hash',
                  (stored->>'status')::int, stored->>'body', (idem->>'now')::timestamptz);
        END IF;
        outcomes := outcomes || jsonb_build_array(jsonb_build_object('o', 'refused', 'refusal', refused));
      WHEN OTHERS THEN
        balances := item_balances;
        GET STACKED DIAGNOSTICS st = RETURNED_SQLSTATE, cn = CONSTRAINT_NAME, msg = MESSAGE_TEXT;
        IF st IN ('40P01', '40001') THEN
          RAISE;
        END IF;
        outcomes := outcomes || jsonb_build_array(jsonb_build_object('o', 'failed', 'state', st, 'constraint', cn, 'message', msg));
    END;
  END LOOP;
  PERFORM payrail_write_balances(balances);
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
