-- payrail_test_clock_created(): the trigger that takes a tree's pending scheduled transitions off the
-- real clock's index when the tree gets a test clock (test_clocks_transitions). See
-- payrail_transition_under_test_clock.

CREATE OR REPLACE FUNCTION payrail_test_clock_created() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE scheduled_transitions SET under_test_clock = true
   WHERE root_account_id = NEW.root_account_id AND status = 'PENDING' AND NOT under_test_clock;
  RETURN NULL;
END
$$;
