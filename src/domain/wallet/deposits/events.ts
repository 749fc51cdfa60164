import type { Deposit } from '../../../generated/prisma/client';
import { addEvent, type EventName } from '../../../platform/events/outbox';
import { payloadOf } from '../../../platform/events/facts';
import type { WriteSet } from '../../../platform/writes/write-set';
import { toDepositView, type DepositView } from './view';
// Declares the names this module writes before any is written.
import './event-names';

export type DepositEventName = Extract<EventName, `deposit.${string}`>;

/** What the outbox carries for a deposit event: the deposit's view then. */
export const depositPayload = payloadOf<DepositView>()('deposit', { createdAt: 'date', completedAt: 'date' });

export const addDepositEvent = (writes: WriteSet, d: Deposit, eventName: DepositEventName, at: Date) =>
  addEvent(writes, { accountId: d.accountId, eventName, sourceId: d.id, data: depositPayload.facts(toDepositView(d)), at });
