-- payrail_transition_under_test_clock(): the trigger that records, on each new scheduled transition,
-- whether its tree is under a test clock (scheduled_transitions_under_test_clock).
--
-- The worker's real-clock poll (src/platform/scheduler/run.ts) walks a partial index of the
-- transitions that are not (scheduled_transitions_real_clock_due_idx), instead of skipping a
-- sandbox's frozen backlog one row at a time. A test clock is never removed, so true stays true; a
-- transition inserted while its tree's clock is being created may still read false, and the poll
-- keeps its NOT EXISTS on test_clocks, which skips it.

CREATE OR REPLACE FUNCTION payrail_transition_under_test_clock() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.under_test_clock := EXISTS (SELECT 1 FROM test_clocks c WHERE c.root_account_id = NEW.root_account_id);
  RETURN NEW;
END
$$;
