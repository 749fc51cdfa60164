import type { BankAccount } from '../../generated/prisma/client';
import type { Tx } from '../../db/tx';
import { recordEvent, type EventName } from '../events/outbox';

export type BankAccountEventName = Extract<EventName, `bank_account.${string}`>;

/** The outbox payload: the account in wire names; the account number only as its last 4. */
const eventData = (b: BankAccount) => ({
  id: b.id,
  account_name: b.accountName,
  account_number_last4: b.accountNumber.slice(-4),
  bank_name: b.bankName,
  swift_code: b.swiftCode,
  bank_country_code: b.bankCountryCode,
  currency: b.currency,
  account_status: b.status,
});

export const recordBankAccountEvent = (tx: Tx, b: BankAccount, eventName: BankAccountEventName, at: Date) =>
  recordEvent(tx, { accountId: b.accountId, eventName, sourceId: b.id, data: eventData(b), at });
