-- A group-commit batch marks its transaction, and the outbox trigger then leaves the NOTIFY to the
-- application, which sends it after the batch committed, outside the money transaction
-- (src/platform/db/outbox-notifier.ts): PostgreSQL serialises the commits of notifying transactions.
-- Every other writer (scheduled transitions, the admin CLI, other processes) still notifies here.
CREATE OR REPLACE FUNCTION payrail_outbox_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('payrail.outbox_notify', true) IS DISTINCT FROM 'after_commit' THEN
    PERFORM pg_notify('payrail_outbox', '');
  END IF;
  RETURN NULL;
END
$$;

-- The group commit's entry point: the batch as payrail_apply runs it, its transaction marked.
CREATE FUNCTION payrail_apply_batch(batch jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
BEGIN
  PERFORM set_config('payrail.outbox_notify', 'after_commit', true);
  RETURN payrail_apply(batch);
END
$$;
