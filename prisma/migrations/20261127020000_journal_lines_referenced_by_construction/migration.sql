-- A journal line's entry and ledger account are guaranteed by the one function that writes lines,
-- not re-checked by foreign keys on every insert (docs/performance.md "Journal lines referenced by
-- construction", docs/decisions.md). payrail_post inserts the entry, then each line with the id of the
-- ledger account row its own UPDATE (or first-use INSERT) just returned, in one transaction: the
-- reference cannot dangle when the line is written. The keys re-checked it anyway — six look-ups per
-- payout, three of them at commit walking the hot wallet's chain of row versions — 12 % of
-- PostgreSQL's CPU per payout under the hot-wallet load (measured, same doc).
--
-- What the keys guarded after that, their ON DELETE RESTRICT — a referenced row never goes away — is
-- kept by the triggers below, which cost nothing on the write path. ON UPDATE CASCADE had nothing to
-- do: ids never change, and now cannot. `npm run admin -- ledger-check` (after every test file)
-- reports any line whose entry or ledger account is missing ("orphan_line").
ALTER TABLE journal_lines DROP CONSTRAINT journal_lines_entry_id_fkey;
ALTER TABLE journal_lines DROP CONSTRAINT journal_lines_ledger_account_id_fkey;

CREATE FUNCTION payrail_keep_referenced_ledger_row() RETURNS trigger LANGUAGE plpgsql AS $$
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

CREATE TRIGGER journal_entries_kept BEFORE DELETE ON journal_entries
  FOR EACH ROW EXECUTE FUNCTION payrail_keep_referenced_ledger_row();
CREATE TRIGGER ledger_accounts_kept BEFORE DELETE ON ledger_accounts
  FOR EACH ROW EXECUTE FUNCTION payrail_keep_referenced_ledger_row();
CREATE TRIGGER journal_entries_id_fixed BEFORE UPDATE OF id ON journal_entries
  FOR EACH ROW WHEN (OLD.id IS DISTINCT FROM NEW.id) EXECUTE FUNCTION payrail_keep_referenced_ledger_row();
CREATE TRIGGER ledger_accounts_id_fixed BEFORE UPDATE OF id ON ledger_accounts
  FOR EACH ROW WHEN (OLD.id IS DISTINCT FROM NEW.id) EXECUTE FUNCTION payrail_keep_referenced_ledger_row();
