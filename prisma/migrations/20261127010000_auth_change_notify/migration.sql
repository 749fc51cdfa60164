-- Issue 7: each process caches the API-key look-up (src/platform/auth/key-cache.ts) and clears its
-- cache on a notification on payrail_auth. Every table the look-up reads (FIND_KEY_RECORD in
-- src/platform/auth/key-record.ts: api_keys, accounts, access_profiles, test_clocks) notifies on any
-- change, from any writer (the API, the worker, the admin CLI, psql). Statement-level: one NOTIFY
-- per statement, folded by PostgreSQL into one per transaction and sent only at commit, so a
-- listener never hears of a change it cannot read yet, nor of one that rolled back.
CREATE FUNCTION payrail_auth_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('payrail_auth', '');
  RETURN NULL;
END
$$;

CREATE TRIGGER api_keys_auth_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "api_keys"
  FOR EACH STATEMENT EXECUTE FUNCTION payrail_auth_notify();
CREATE TRIGGER accounts_auth_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "accounts"
  FOR EACH STATEMENT EXECUTE FUNCTION payrail_auth_notify();
CREATE TRIGGER access_profiles_auth_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "access_profiles"
  FOR EACH STATEMENT EXECUTE FUNCTION payrail_auth_notify();
CREATE TRIGGER test_clocks_auth_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "test_clocks"
  FOR EACH STATEMENT EXECUTE FUNCTION payrail_auth_notify();
