import { z } from 'zod';
import { dateTime, uuid } from '../../shared/wire';

/** The answer of POST /v1/simulation/clock/advance (payrail's extension). */
export const restTestClock = z.object({
  root_account_id: uuid.describe('the master account whose tree shares the clock'),
  frozen_time: dateTime,
  transitions_run: z.number().int().nonnegative().describe('transitions that fell due and ran during this advance'),
}).meta({ id: 'TestClock' });
