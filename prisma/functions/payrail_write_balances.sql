-- payrail_write_balances(balances): the ledger balances a group-commit batch carried
-- (payrail_post_in_batch), written to their rows, which are locked since their first read in the
-- batch. Called after the last item, and before a statement that reads balances (op flag "b").

CREATE OR REPLACE FUNCTION payrail_write_balances(balances jsonb) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  held jsonb;
BEGIN
  FOR held IN SELECT value FROM jsonb_each(balances) LOOP
    UPDATE ledger_accounts SET balance = (held->>'balance')::numeric, updated_at = (held->>'at')::timestamptz
     WHERE id = (held->>'id')::uuid;
  END LOOP;
END
$$;
