import type { Tx } from '../../../platform/db/tx';
import type { WriteSet } from '../../../platform/writes/write-set';
import { requireBankAccountValid } from './store';

/** What the bank-accounts area offers payment payouts: the account a payout in a currency goes to. */
export interface PayoutBankAccount {
  id: string;
  currency: string;
}

/**
 * The account's Valid settlement bank account in `currency` (the most recently changed one when
 * there are several), or undefined. The write set locks it FOR SHARE until the payout commits and
 * requires it still Valid in that currency: an update that made it Invalid in between prepares the
 * payout again, to find what is Valid then.
 */
export async function holdPayoutBankAccount(reader: Tx, writes: WriteSet, accountId: string, currency: string): Promise<PayoutBankAccount | undefined> {
  const row = await reader.bankAccount.findFirst({
    where: { accountId, currency, status: 'Valid' },
    orderBy: [{ updatedAt: 'desc' }, { id: 'desc' }],
    select: { id: true, currency: true },
  });
  if (!row) return undefined;
  requireBankAccountValid(writes, row.id, accountId, currency);
  return row;
}

/**
 * The currency an account's captures in `currency` settle into (spec 2.5 exchange_rate):
 * that currency when the account has a Valid settlement bank account in it, or none at all;
 * otherwise the currency of its most recently changed Valid bank account — a merchant who can only
 * be paid out in EUR is settled in EUR, at the FX area's rate.
 */
export async function settlementCurrencyOf(reader: Pick<Tx, 'bankAccount'>, accountId: string, currency: string): Promise<string> {
  const valid = await reader.bankAccount.findMany({
    where: { accountId, status: 'Valid' },
    orderBy: [{ updatedAt: 'desc' }, { id: 'desc' }],
    select: { currency: true },
  });
  if (valid.length === 0 || valid.some((b) => b.currency === currency)) return currency;
  return valid[0]!.currency;
}
