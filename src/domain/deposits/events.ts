import type { Deposit } from '../../generated/prisma/client';
import { toRestDeposit } from '../../rest-compat/deposits/present';
import { addEvent, type EventName } from '../events/outbox';
import type { WriteSet } from '../writes/write-set';
import { toDepositView } from './view';

export type DepositEventName = Extract<EventName, `deposit.${string}`>;

/** What the outbox carries for a deposit event: the deposit as BT5 (GET /v1/deposit/{id}) answers it then. */
const depositEventData = (d: Deposit) => toRestDeposit(toDepositView(d));

export const addDepositEvent = (writes: WriteSet, d: Deposit, eventName: DepositEventName, at: Date) =>
  addEvent(writes, { accountId: d.accountId, eventName, sourceId: d.id, data: depositEventData(d), at });
