import type { JournalLine, LedgerAccount } from '../../../generated/prisma/client';
import { formatAmount, formatStoredAmount, money, ZERO } from '../../../platform/money/amount';
import { issuingBalanceId, type IssuingBalanceStatus, type IssuingTransactionStatus } from './rules';

/**
 * An issuing balance (CI19, CI20) read from the account's issuing ledger accounts: available is
 * ISSUING_AVAILABLE, frozen is ISSUING_AUTH_HOLD (authorized card spending not cleared or
 * reversed). The sandbox grants no margin: margin is always zero. Amounts in the currency's precision.
 */
export interface IssuingBalanceView {
  balanceId: string;
  accountId: string;
  currency: string;
  availableBalance: string;
  marginBalance: string;
  frozenBalance: string;
  /** When the balance's first movement happened; null while it never moved. */
  createdAt: Date | null;
  lastTradeTime: Date | null;
  status: IssuingBalanceStatus;
}

export type IssuingLedgerRow = Pick<LedgerAccount, 'currency' | 'purpose' | 'balance' | 'createdAt' | 'updatedAt'>;

const earlier = (a: Date | null, b: Date | null): Date | null => (!a ? b : !b ? a : a < b ? a : b);
const later = (a: Date | null, b: Date | null): Date | null => (!a ? b : !b ? a : a > b ? a : b);

/** One currency's balance from its two ledger accounts (either may not exist yet: zero). */
export function toIssuingBalanceView(accountId: string, currency: string, rows: readonly IssuingLedgerRow[]): IssuingBalanceView {
  const available = rows.find((r) => r.currency === currency && r.purpose === 'ISSUING_AVAILABLE');
  const held = rows.find((r) => r.currency === currency && r.purpose === 'ISSUING_AUTH_HOLD');
  const amount = (r: IssuingLedgerRow | undefined) => (r ? formatStoredAmount(r.balance, currency) : formatAmount(ZERO, currency));
  return {
    balanceId: issuingBalanceId(accountId, currency),
    accountId,
    currency,
    availableBalance: amount(available),
    marginBalance: formatAmount(ZERO, currency),
    frozenBalance: amount(held),
    createdAt: earlier(available?.createdAt ?? null, held?.createdAt ?? null),
    lastTradeTime: later(available?.updatedAt ?? null, held?.updatedAt ?? null),
    status: 'ACTIVE',
  };
}

/** One movement of an issuing balance (CI21): a journal line on the account's ISSUING_AVAILABLE. */
export interface IssuingBalanceTransactionView {
  id: string;
  /** The entry's id: one movement, whichever balances it touched. */
  shortTransactionId: string;
  accountId: string;
  balanceId: string;
  /** The journal entry's kind (ISSUING_TRANSFER, CARD_RECHARGE, CARD_WITHDRAW, CARD_AUTHORIZATION, …). */
  transactionType: string;
  currency: string;
  /** Signed: a credit of the issuing balance is positive, a debit negative. */
  amount: string;
  endingBalance: string;
  createdAt: Date;
  completedAt: Date;
  status: IssuingTransactionStatus;
  description: string | null;
  /** The resource the movement belongs to (a card, an issuing transfer, a card transaction). */
  referenceId: string;
  referenceType: string;
}

export type IssuingLine = Pick<JournalLine, 'id' | 'entryId' | 'accountId' | 'currency' | 'amount' | 'balanceAfter' | 'createdAt'> & {
  entry: { kind: string; referenceId: string; referenceType: string; description: string | null };
};

export function toIssuingBalanceTransactionView(line: IssuingLine): IssuingBalanceTransactionView {
  return {
    id: line.id,
    shortTransactionId: line.entryId,
    accountId: line.accountId,
    balanceId: issuingBalanceId(line.accountId, line.currency),
    transactionType: line.entry.kind,
    currency: line.currency,
    amount: formatAmount(money(line.amount), line.currency),
    endingBalance: formatStoredAmount(line.balanceAfter, line.currency),
    createdAt: line.createdAt,
    completedAt: line.createdAt,
    status: 'COMPLETED',
    description: line.entry.description,
    referenceId: line.entry.referenceId,
    referenceType: line.entry.referenceType,
  };
}
