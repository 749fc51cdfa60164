-- payrail_next_row_version(): the trigger that raises a row's version on every UPDATE, whoever
-- makes it (beneficiaries_row_version), so an operator's change counts too.
--
-- A payout prepares from a copy of its beneficiary (read, or kept from an earlier request:
-- src/platform/writes/read-cache.ts) and its write set requires, FOR SHARE at commit, the row still
-- at the version it was prepared from (payrail_row_unchanged). updated_at could not serve: it comes
-- from the tree's clock, which a test clock can hold still across changes.

CREATE OR REPLACE FUNCTION payrail_next_row_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.version := OLD.version + 1;
  RETURN NEW;
END
$$;
