-- A beneficiary's row version, raised by every change of the row whoever makes it (a trigger, so an
-- operator's UPDATE counts too). A payout prepares from a copy of its beneficiary — read, or kept from
-- an earlier request (src/platform/writes/read-cache.ts) — and its write set requires, under a FOR SHARE
-- lock at commit, the row still ACTIVE at the version it was prepared from. updated_at could not serve:
-- it comes from the tree's clock, which a test clock can hold still across changes.
ALTER TABLE beneficiaries ADD COLUMN version integer NOT NULL DEFAULT 1;

CREATE FUNCTION payrail_next_row_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.version := OLD.version + 1;
  RETURN NEW;
END
$$;

CREATE TRIGGER beneficiaries_row_version BEFORE UPDATE ON beneficiaries
  FOR EACH ROW EXECUTE FUNCTION payrail_next_row_version();
