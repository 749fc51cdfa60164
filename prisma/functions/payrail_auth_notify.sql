-- payrail_auth_notify(): the trigger that tells every process's API-key look-up cache
-- (src/platform/auth/key-cache.ts) to clear itself, on channel payrail_auth.
--
-- Every table the look-up reads (api_keys, accounts, access_profiles, test_clocks: FIND_KEY_RECORD
-- in src/platform/auth/key-record.ts) notifies on any change from any writer (the API, the worker,
-- the admin CLI, psql). Statement-level triggers: one NOTIFY per statement, folded by PostgreSQL into
-- one per transaction and sent only at commit, so a listener never hears of a change it cannot read
-- yet, nor of one that rolled back.

CREATE OR REPLACE FUNCTION payrail_auth_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('payrail_auth', '');
  RETURN NULL;
END
$$;
