import type { z } from 'zod';
import type { TestClockView } from '../../../domain/developers/sandbox/test-clocks';
import { iso } from '../../shared/wire';
import type { restTestClock } from './schemas';

export const toRestTestClock = (c: TestClockView): z.input<typeof restTestClock> => ({
  root_account_id: c.rootAccountId,
  frozen_time: iso(c.frozenTime),
  transitions_run: c.transitionsRun,
});
