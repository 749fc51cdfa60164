import { keyRecordsChanged } from '../../../platform/auth/key-record';
import { defineTransition } from '../../../platform/scheduler/transitions';
import { ACCOUNT_VERIFICATION, completeVerification } from './verification';

// The verification status is part of the key record: the process that reviewed clears its auth cache.
defineTransition(ACCOUNT_VERIFICATION, (tx, transition, at, deps) => completeVerification(tx, deps.db, transition.subjectId, at), {
  afterCommit: (deps) => keyRecordsChanged(deps.db),
});
