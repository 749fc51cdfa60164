-- The posting API's statement (src/platform/ledger/posting.ts, docs/performance.md "One statement per
-- posting"): a journal entry and its lines in one call, instead of one dynamic statement per row.
-- The rules are posting.ts's, which builds the argument and documents them: lines arrive sorted by
-- ledger account (so concurrent postings lock accounts in one order); a line moves its ledger
-- account's balance and records the balance after it; an account is created on its first credit;
-- a guarded line (a debit of a wallet, a payment balance, an issuing balance…) moves the balance only
-- if it stays >= 0, checked atomically in the UPDATE under the row lock. A short guarded line answers
-- {"refuse": k}, k its position among the guarded lines, and writes nothing more: the caller's
-- (sub)transaction rolls the entry back with the refusal posting.ts registered for that line.
-- Otherwise it answers {"entry_id": …}. Static SQL: PL/pgSQL keeps each statement's plan.
--
-- p = {"id", "account_id", "kind", "reference_type", "reference_id", "description", "at",
--      "lines": [{"id", "account_id", "currency", "purpose", "amount", "new_id", "guard": bool}]}
CREATE FUNCTION payrail_post(p jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  line jsonb;
  at timestamptz := (p->>'at')::timestamptz;
  amount numeric;
  ledger_id uuid;
  balance_after numeric;
  guarded int := 0;
BEGIN
  INSERT INTO journal_entries (id, account_id, kind, reference_type, reference_id, description, created_at)
  VALUES ((p->>'id')::uuid, (p->>'account_id')::uuid, p->>'kind', p->>'reference_type', (p->>'reference_id')::uuid,
          p->>'description', at);
  FOR line IN SELECT value FROM jsonb_array_elements(p->'lines') LOOP
    amount := (line->>'amount')::numeric;
    IF (line->>'guard')::boolean THEN
      UPDATE ledger_accounts SET balance = balance + amount, updated_at = at
       WHERE account_id = (line->>'account_id')::uuid AND currency = line->>'currency' AND purpose = line->>'purpose'
         AND balance + amount >= 0
      RETURNING id, balance INTO ledger_id, balance_after;
      IF NOT FOUND THEN
        RETURN jsonb_build_object('refuse', guarded);
      END IF;
      guarded := guarded + 1;
    ELSE
      -- An UPDATE first: an upsert's conflict check walks every version a batch left of a busy row.
      UPDATE ledger_accounts SET balance = balance + amount, updated_at = at
       WHERE account_id = (line->>'account_id')::uuid AND currency = line->>'currency' AND purpose = line->>'purpose'
      RETURNING id, balance INTO ledger_id, balance_after;
      IF NOT FOUND THEN
        INSERT INTO ledger_accounts (id, account_id, currency, purpose, balance, created_at, updated_at)
        VALUES ((line->>'new_id')::uuid, (line->>'account_id')::uuid, line->>'currency', line->>'purpose', amount, at, at)
        ON CONFLICT (account_id, currency, purpose)
        DO UPDATE SET balance = ledger_accounts.balance + EXCLUDED.balance, updated_at = EXCLUDED.updated_at
        RETURNING id, balance INTO ledger_id, balance_after;
      END IF;
    END IF;
    INSERT INTO journal_lines (id, entry_id, account_id, ledger_account_id, currency, amount, balance_after, created_at)
    VALUES ((line->>'id')::uuid, (p->>'id')::uuid, (line->>'account_id')::uuid, ledger_id, line->>'currency', amount,
            balance_after, at);
  END LOOP;
  RETURN jsonb_build_object('entry_id', p->>'id');
END
$$;
