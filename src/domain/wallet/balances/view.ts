import type { JournalLine, LedgerAccount } from '../../../generated/prisma/client';
import { formatAmount, money, ZERO, formatStoredAmount } from '../../../platform/money/amount';
import type { BalanceStatus, BalanceTransactionStatus, CreditDebitType } from './rules';

/**
 * A currency balance of the acting account as both doors present it (catalogue BT1/BT2), read
 * from its ledger accounts: available is the WALLET, frozen the PAYOUT_IN_FLIGHT account (money
 * already taken from the wallet for payouts that have not completed). payrail has no prepaid or
 * margin funds: both are zero. Amounts are decimal strings in the currency's precision.
 */
export interface BalanceView {
  /** The WALLET ledger account's id; null for a supported currency the account never used. */
  balanceId: string | null;
  currency: string;
  availableBalance: string;
  prepaidBalance: string;
  marginBalance: string;
  frozenBalance: string;
  createdAt: Date | null;
  /** When either ledger account last moved. */
  lastTradeTime: Date | null;
  status: BalanceStatus;
}

/** One movement of a wallet (catalogue BT3): a journal line on one of the acting account's WALLET ledger accounts. */
export interface BalanceTransactionView {
  id: string;
  accountId: string;
  balanceId: string;
  /** The journal entry's kind (DEPOSIT, TRANSFER, PAYOUT, …). */
  transactionType: string;
  currency: string;
  /** Unsigned, in the currency's precision; the direction is `creditDebitType`. */
  amount: string;
  creditDebitType: CreditDebitType;
  /** The wallet's balance right after this line. */
  endingBalance: string;
  createdAt: Date;
  /** Postings complete when they are made. */
  completedAt: Date;
  /** The resource the movement belongs to (the deposit, transfer, payout, … id). */
  referenceId: string;
  /** Its kind, as the ledger records it (DEPOSIT, TRANSFER, PAYOUT, …). */
  referenceType: string;
  status: BalanceTransactionStatus;
}

export type BalanceLedgerRow = Pick<LedgerAccount, 'id' | 'currency' | 'purpose' | 'balance' | 'createdAt' | 'updatedAt'>;

const later = (a: Date | null, b: Date | null): Date | null => (!a ? b : !b ? a : a > b ? a : b);

/** One currency's balance from its WALLET and PAYOUT_IN_FLIGHT ledger accounts (either may not exist yet). */
export function toBalanceView(currency: string, wallet: BalanceLedgerRow | undefined, inFlight: BalanceLedgerRow | undefined): BalanceView {
  const zero = formatAmount(ZERO, currency);
  return {
    balanceId: wallet?.id ?? null,
    currency,
    availableBalance: wallet ? formatStoredAmount(wallet.balance, currency) : zero,
    prepaidBalance: zero,
    marginBalance: zero,
    frozenBalance: inFlight ? formatStoredAmount(inFlight.balance, currency) : zero,
    createdAt: wallet?.createdAt ?? inFlight?.createdAt ?? null,
    lastTradeTime: later(wallet?.updatedAt ?? null, inFlight?.updatedAt ?? null),
    status: 'ACTIVE',
  };
}

export type WalletLine = Pick<JournalLine, 'id' | 'accountId' | 'ledgerAccountId' | 'currency' | 'amount' | 'balanceAfter' | 'createdAt'> & {
  entry: { kind: string; referenceId: string; referenceType: string };
};

/** A posted line: its sign is the direction, and it is complete when it exists. */
export function toBalanceTransactionView(line: WalletLine): BalanceTransactionView {
  const amount = money(line.amount);
  return {
    id: line.id,
    accountId: line.accountId,
    balanceId: line.ledgerAccountId,
    transactionType: line.entry.kind,
    currency: line.currency,
    amount: formatAmount(amount.abs(), line.currency),
    creditDebitType: amount.isNegative() ? 'DEBIT' : 'CREDIT',
    endingBalance: formatStoredAmount(line.balanceAfter, line.currency),
    createdAt: line.createdAt,
    completedAt: line.createdAt,
    referenceId: line.entry.referenceId,
    referenceType: line.entry.referenceType,
    status: 'COMPLETED',
  };
}
