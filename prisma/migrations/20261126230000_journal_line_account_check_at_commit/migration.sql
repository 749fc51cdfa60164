-- A journal line's ledger account is checked at commit, not at each line (docs/performance.md,
-- "Multixacts on the hot ledger account"). Checked per line, the foreign key takes a KEY SHARE lock
-- on the ledger account row in the same group-commit subtransaction that updated it; the next item's
-- update (another subtransaction of the same, still running, transaction) must carry that lock into
-- the row's new version as a multixact, and each item adds a member: a batch of n postings to one
-- wallet costs O(n^2) multixact work, which was 40 % of the machine's CPU under the hot-wallet load.
-- Checked at commit, the top-level transaction takes the lock once per row. The guarantee is the
-- same: no transaction commits a line whose ledger account does not exist.
ALTER TABLE "journal_lines" ALTER CONSTRAINT "journal_lines_ledger_account_id_fkey" DEFERRABLE INITIALLY DEFERRED;
