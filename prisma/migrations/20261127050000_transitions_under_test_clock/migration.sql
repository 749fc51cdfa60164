-- The worker's real-clock poll (src/platform/scheduler/run.ts) claims the earliest due PENDING
-- transition of a tree without a test clock. It walked the (status, due_at) index from the earliest
-- due row and skipped, one by one, every due transition of a tree under a test clock — a sandbox's
-- frozen backlog, which a test clock keeps due forever: 7-9 ms per poll (every 250 ms) once the
-- bench had left ~40,000 of them (docs/performance.md). A transition now records whether its tree is
-- under a test clock, and the poll walks a partial index of the others.
--
-- Exactness: a test clock is never removed (src/domain/developers/sandbox/test-clocks.ts only creates or moves
-- one), so `under_test_clock = true` stays true, and the index leaves out only rows the poll must
-- skip. A transition inserted while its tree's clock is being created may still read false; the
-- poll keeps its NOT EXISTS on test_clocks, which skips it as before.
ALTER TABLE scheduled_transitions ADD COLUMN under_test_clock boolean NOT NULL DEFAULT false;

UPDATE scheduled_transitions st SET under_test_clock = true
 WHERE EXISTS (SELECT 1 FROM test_clocks c WHERE c.root_account_id = st.root_account_id);

CREATE FUNCTION payrail_transition_under_test_clock() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.under_test_clock := EXISTS (SELECT 1 FROM test_clocks c WHERE c.root_account_id = NEW.root_account_id);
  RETURN NEW;
END
$$;

CREATE TRIGGER scheduled_transitions_under_test_clock BEFORE INSERT ON scheduled_transitions
  FOR EACH ROW EXECUTE FUNCTION payrail_transition_under_test_clock();

-- A tree that gets a test clock: its pending transitions leave the real clock's index.
CREATE FUNCTION payrail_test_clock_created() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE scheduled_transitions SET under_test_clock = true
   WHERE root_account_id = NEW.root_account_id AND status = 'PENDING' AND NOT under_test_clock;
  RETURN NULL;
END
$$;

CREATE TRIGGER test_clocks_transitions AFTER INSERT ON test_clocks
  FOR EACH ROW EXECUTE FUNCTION payrail_test_clock_created();

CREATE INDEX scheduled_transitions_real_clock_due_idx ON scheduled_transitions (due_at, created_at)
  WHERE status = 'PENDING' AND NOT under_test_clock;
