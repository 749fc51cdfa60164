-- payrail_outbox_notify(): the trigger that wakes the outbox's readers (webhook fan-out, live
-- subscriptions) on channel payrail_outbox, once per writing statement, delivered at commit
-- (outbox_events_notify). Readers never trust the payload: they read the table from their watermark.
--
-- A group-commit batch marks its transaction (payrail.outbox_notify = after_commit,
-- payrail_apply_batch): then the application sends the NOTIFY after the batch committed, outside the
-- money transaction (src/platform/db/outbox-notifier.ts), because PostgreSQL serialises the commits of
-- notifying transactions. Every other writer (scheduled transitions, the admin CLI, other
-- processes) notifies here.

CREATE OR REPLACE FUNCTION payrail_outbox_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('payrail.outbox_notify', true) IS DISTINCT FROM 'after_commit' THEN
    PERFORM pg_notify('payrail_outbox', '');
  END IF;
  RETURN NULL;
END
$$;
