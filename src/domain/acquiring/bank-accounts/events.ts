import type { BankAccount } from '../../../generated/prisma/client';
import type { Tx } from '../../../platform/db/tx';
import { recordEvent, type EventName } from '../../../platform/events/outbox';
import { payloadOf } from '../../../platform/events/facts';
import { toBankAccountView, type BankAccountView } from './view';
// Declares the names this module writes before any is written.
import './event-names';

export type BankAccountEventName = Extract<EventName, `bank_account.${string}`>;

/** The outbox payload: the bank account's view, full account number included as a read answers it. */
export const bankAccountPayload = payloadOf<BankAccountView>()('bank_account', { createdAt: 'date', updatedAt: 'date' });

export const recordBankAccountEvent = (tx: Tx, b: BankAccount, eventName: BankAccountEventName, at: Date) =>
  recordEvent(tx, { accountId: b.accountId, eventName, sourceId: b.id, data: bankAccountPayload.facts(toBankAccountView(b)), at });
