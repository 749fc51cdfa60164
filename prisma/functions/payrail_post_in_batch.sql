-- payrail_post_in_batch(p, balances): a posting inside a group-commit batch (op {"p": posting} of
-- payrail_apply_items), with payrail_post's rules applied to balances carried through the batch, so
-- a hot ledger account's row is written once per batch instead of once per posting
-- (docs/performance.md "Balances written once per batch").
--
-- The first line of a ledger account in the batch reads its row FOR UPDATE (the lock every later line
-- of the batch relies on, held to commit); later lines read the carried balance. A guarded debit is
-- refused when it would go below zero, exactly as payrail_post's guarded UPDATE; each journal line
-- records its balance after. Answers {"answer": {"entry_id"} | {"refuse": k}, "balances": carried};
-- payrail_write_balances writes the carried balances after the last item.

CREATE OR REPLACE FUNCTION payrail_post_in_batch(p jsonb, balances jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
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
