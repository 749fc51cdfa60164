-- payrail_apply_batch(statements, items): the group commit's entry point (src/platform/db/group-commit.ts),
-- one call per batch, one round trip and one commit for every item in it.
--
-- `statements` is {name: sql}, each statement the batch uses named once, 'payrail_' || md5(sql) by
-- the application (a name that is not its text's digest is refused: 22023). Statements this
-- connection has not prepared yet are prepared here (a setting remembers it cheaply; after a
-- rollback has reset the setting, the catalogue of prepared statements, which no rollback undoes,
-- is asked). The transaction is then marked for the post-commit NOTIFY (payrail_outbox_notify
-- leaves it to src/platform/db/outbox-notifier.ts), and payrail_apply_items applies `items`.

CREATE OR REPLACE FUNCTION payrail_apply_batch(statements jsonb, items jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  pname text;
  sqltext text;
BEGIN
  FOR pname, sqltext IN SELECT key, value FROM jsonb_each_text(statements) LOOP
    IF pname !~ '^payrail_[0-9a-f]{32}$' OR pname <> 'payrail_' || md5(sqltext) THEN
      RAISE EXCEPTION 'statement % is not named by its text', pname USING ERRCODE = '22023';
    END IF;
    IF current_setting('payrail.' || pname, true) IS DISTINCT FROM 'prepared' THEN
      IF NOT EXISTS (SELECT 1 FROM pg_prepared_statements WHERE name = pname) THEN
        EXECUTE format('PREPARE %I(jsonb) AS %s', pname, sqltext);
      END IF;
      PERFORM set_config('payrail.' || pname, 'prepared', false);
    END IF;
  END LOOP;
  PERFORM set_config('payrail.outbox_notify', 'after_commit', true);
  RETURN payrail_apply_items(items);
END
$$;
