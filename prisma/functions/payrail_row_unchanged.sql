-- payrail_row_unchanged(t, a): a row a write set read before its write is unchanged: still there at
-- the version read ({"id", "version"}), held FOR SHARE to commit (op {"v": table} of
-- payrail_apply_items; src/platform/writes/write-set.ts WriteSet.requireUnchanged). The tables that
-- keep a version are VersionedTable's; any other is refused (22023).

CREATE OR REPLACE FUNCTION payrail_row_unchanged(t text, a jsonb) RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
  IF t = 'beneficiaries' THEN
    PERFORM 1 FROM beneficiaries WHERE id = (a->>'id')::uuid AND version = (a->>'version')::int FOR SHARE;
    RETURN FOUND;
  END IF;
  RAISE EXCEPTION 'table % keeps no row version', t USING ERRCODE = '22023';
END
$$;
