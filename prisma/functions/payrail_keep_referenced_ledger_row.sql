-- payrail_keep_referenced_ledger_row(): the trigger that keeps journal entries and ledger accounts
-- that journal lines reference (journal_entries_kept, ledger_accounts_kept, *_id_fixed).
--
-- A journal line's entry and ledger account are guaranteed by the one function that writes lines
-- (payrail_post, payrail_post_in_batch), not re-checked by foreign keys on every insert
-- (docs/performance.md "Journal lines referenced by construction"). What the keys guarded besides,
-- their ON DELETE RESTRICT, is kept here at no cost to the write path: a referenced row is never
-- deleted, and ids never change (23503). `npm run admin -- ledger-check` reports any line whose entry
-- or ledger account is missing.

CREATE OR REPLACE FUNCTION payrail_keep_referenced_ledger_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    RAISE EXCEPTION 'the id of a % row never changes', TG_TABLE_NAME USING ERRCODE = '23503';
  END IF;
  -- The row is already locked for the delete here, so a line being written against it has either
  -- committed (and is seen) or waits for this delete.
  IF (TG_TABLE_NAME = 'journal_entries' AND EXISTS (SELECT 1 FROM journal_lines WHERE entry_id = OLD.id))
     OR (TG_TABLE_NAME = 'ledger_accounts' AND EXISTS (SELECT 1 FROM journal_lines WHERE ledger_account_id = OLD.id)) THEN
    RAISE EXCEPTION 'a % row with journal lines is never deleted', TG_TABLE_NAME USING ERRCODE = '23503';
  END IF;
  RETURN OLD;
END
$$;
