-- One pending settlement cut per account and cut instant, held by the database: captures that
-- commit together each schedule the cut that will settle them, and a NOT EXISTS check alone let
-- two of them insert it twice. Earlier duplicates are removed first (the later of two finds
-- nothing left to settle and writes nothing, so removing it changes no outcome).
DELETE FROM scheduled_transitions d
 USING scheduled_transitions k
 WHERE d.kind = 'settlement.cut' AND k.kind = 'settlement.cut'
   AND d.status = 'PENDING' AND k.status = 'PENDING'
   AND d.subject_id = k.subject_id AND d.due_at = k.due_at
   AND (d.created_at, d.id) > (k.created_at, k.id);

CREATE UNIQUE INDEX scheduled_transitions_one_pending_cut
    ON scheduled_transitions (subject_id, due_at)
 WHERE kind = 'settlement.cut' AND status = 'PENDING';
