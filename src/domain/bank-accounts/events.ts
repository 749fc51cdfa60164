import type { BankAccount } from '../../generated/prisma/client';
import type { Tx } from '../../db/tx';
import { recordEvent, type EventName } from '../events/outbox';
import { toRestBankAccount } from '../../rest-compat/bank-accounts/present';
import { toBankAccountView } from './view';

export type BankAccountEventName = Extract<EventName, `bank_account.${string}`>;

/**
 * The outbox payload: the bank account exactly as the REST door returns it (spec 2.6), full account
 * number included as GET answers it, so a webhook's `data` is the object a receiver would GET
 * (issue 11; docs/area-shape.md, "Event payloads").
 */
const eventData = (b: BankAccount) => toRestBankAccount(toBankAccountView(b));

export const recordBankAccountEvent = (tx: Tx, b: BankAccount, eventName: BankAccountEventName, at: Date) =>
  recordEvent(tx, { accountId: b.accountId, eventName, sourceId: b.id, data: eventData(b), at });
