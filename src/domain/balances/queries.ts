import type Decimal from 'decimal.js';
import type { RequestContext } from '../context';
import { money, ZERO } from '../money/amount';
import type { Page } from '../pagination/page';
import { withinRange } from '../pagination/time-range';
import { restPage, type ListWindow, type Slice } from '../pagination/window';
import { parseInput } from '../validation/validate';
import {
  balanceCurrencyInput,
  balanceTransactionFilter,
  type BalanceStatus,
  type BalanceTransactionStatus,
  type CreditDebitType,
} from './rules';

/**
 * A currency balance of the acting account, read from its ledger accounts: available is the
 * WALLET, frozen the PAYOUT_IN_FLIGHT account (money already taken from the wallet for payouts
 * that have not completed). payrail has no prepaid or margin funds: both are zero.
 */
export interface Balance {
  /** The WALLET ledger account's id; null for a supported currency the account never used. */
  balanceId: string | null;
  currency: string;
  available: Decimal;
  frozen: Decimal;
  prepaid: Decimal;
  margin: Decimal;
  createdAt: Date | null;
  /** When either ledger account last moved. */
  lastTradeTime: Date | null;
  status: BalanceStatus;
}

/** One movement of a wallet: a journal line on one of the acting account's WALLET ledger accounts. */
export interface BalanceTransaction {
  id: string;
  accountId: string;
  balanceId: string;
  /** The journal entry's kind (DEPOSIT, TRANSFER, PAYOUT, …). */
  transactionType: string;
  currency: string;
  /** Unsigned; the direction is `creditDebitType`. */
  amount: Decimal;
  creditDebitType: CreditDebitType;
  /** The wallet's balance right after this line. */
  endingBalance: Decimal;
  createdAt: Date;
  /** Postings complete when they are made. */
  completedAt: Date;
  /** The resource the movement belongs to (the deposit, transfer, payout, … id). */
  referenceId: string;
  /** Its kind, as the ledger records it (DEPOSIT, TRANSFER, PAYOUT, …). */
  referenceType: string;
  status: BalanceTransactionStatus;
}

type LedgerRow = { id: string; currency: string; purpose: string; balance: { toString(): string }; createdAt: Date; updatedAt: Date };

const later = (a: Date | null, b: Date | null): Date | null => (!a ? b : !b ? a : a > b ? a : b);

function balanceOf(currency: string, wallet: LedgerRow | undefined, inFlight: LedgerRow | undefined): Balance {
  return {
    balanceId: wallet?.id ?? null,
    currency,
    available: wallet ? money(wallet.balance) : ZERO,
    frozen: inFlight ? money(inFlight.balance) : ZERO,
    prepaid: ZERO,
    margin: ZERO,
    createdAt: wallet?.createdAt ?? inFlight?.createdAt ?? null,
    lastTradeTime: later(wallet?.updatedAt ?? null, inFlight?.updatedAt ?? null),
    status: 'ACTIVE',
  };
}

/** Every currency the acting account holds or has held, by currency code. */
async function allBalances(ctx: RequestContext, currency?: string): Promise<Balance[]> {
  const rows = await ctx.db.prisma.ledgerAccount.findMany({
    where: { accountId: ctx.acting.id, purpose: { in: ['WALLET', 'PAYOUT_IN_FLIGHT'] }, ...(currency ? { currency } : {}) },
    select: { id: true, currency: true, purpose: true, balance: true, createdAt: true, updatedAt: true },
  });
  const currencies = [...new Set(rows.map((r) => r.currency))].sort();
  const find = (c: string, purpose: string) => rows.find((r) => r.currency === c && r.purpose === purpose);
  return currencies.map((c) => balanceOf(c, find(c, 'WALLET'), find(c, 'PAYOUT_IN_FLIGHT')));
}

/** BT1 / GraphQL balances: one per currency, by currency code. At most one row per supported currency. */
export async function findBalances(ctx: RequestContext, window: ListWindow): Promise<Slice<Balance>> {
  const all = await allBalances(ctx);
  return { items: all.slice(window.skip, window.skip + window.take), totalCount: all.length };
}

export const listBalances = (ctx: RequestContext, rawQuery: unknown): Promise<Page<Balance>> =>
  restPage(rawQuery, (window) => findBalances(ctx, window));

/**
 * BT2: the balance in one currency. A supported currency the account never used is a zero balance
 * (there is nothing wrong with asking); an unsupported or malformed code is a validation error.
 */
export async function getBalance(ctx: RequestContext, rawCurrency: unknown): Promise<Balance> {
  const { currency } = parseInput(balanceCurrencyInput, { currency: rawCurrency });
  const [found] = await allBalances(ctx, currency);
  return found ?? balanceOf(currency, undefined, undefined);
}

/** BT3 / GraphQL balanceTransactions: the acting account's wallet movements, newest first. */
export async function findBalanceTransactions(
  ctx: RequestContext,
  rawFilter: unknown,
  window: ListWindow,
): Promise<Slice<BalanceTransaction>> {
  const filter = parseInput(balanceTransactionFilter, rawFilter ?? {});
  if (filter.transaction_status && filter.transaction_status !== 'COMPLETED') return { items: [], totalCount: 0 };
  const range = withinRange(filter);
  const where = {
    accountId: ctx.acting.id,
    ledgerAccount: { purpose: 'WALLET' },
    ...(filter.currency ? { currency: filter.currency } : {}),
    ...(filter.transaction_type ? { entry: { kind: filter.transaction_type } } : {}),
    ...(range ? { createdAt: range } : {}),
  };
  const [rows, totalCount] = await Promise.all([
    ctx.db.prisma.journalLine.findMany({
      where,
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      skip: window.skip,
      take: window.take,
      include: { entry: { select: { kind: true, referenceId: true, referenceType: true } } },
    }),
    ctx.db.prisma.journalLine.count({ where }),
  ]);
  const items = rows.map((r): BalanceTransaction => {
    const amount = money(r.amount);
    return {
      id: r.id,
      accountId: r.accountId,
      balanceId: r.ledgerAccountId,
      transactionType: r.entry.kind,
      currency: r.currency,
      amount: amount.abs(),
      creditDebitType: amount.isNegative() ? 'DEBIT' : 'CREDIT',
      endingBalance: money(r.balanceAfter),
      createdAt: r.createdAt,
      completedAt: r.createdAt,
      referenceId: r.entry.referenceId,
      referenceType: r.entry.referenceType,
      status: 'COMPLETED',
    };
  });
  return { items, totalCount };
}

export const listBalanceTransactions = (ctx: RequestContext, rawQuery: unknown): Promise<Page<BalanceTransaction>> =>
  restPage(rawQuery, (window) => findBalanceTransactions(ctx, rawQuery, window));
