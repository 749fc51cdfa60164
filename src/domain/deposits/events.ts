import type { Deposit } from '../../generated/prisma/client';
import { toRestDeposit } from '../../rest-compat/deposits/present';
import { toDepositView } from './view';

/** What the outbox carries for a deposit event: the deposit as BT5 (GET /v1/deposit/{id}) answers it then. */
export const depositEventData = (d: Deposit) => toRestDeposit(toDepositView(d));
