import type { Payout } from '../../../generated/prisma/client';
import { formatAmount, money, formatStoredAmount } from '../../../platform/money/amount';
import type { FeePaidBy, PaymentMethod, PayoutStatus, PurposeCode } from './rules';

/**
 * A payout as both doors present it (spec 2.11, catalogue PO2/PO3). Amounts are decimal strings
 * in their currency's precision; what the payer pays (amount + fee, in the source currency) is
 * computed here, once.
 */
export interface PayoutView {
  id: string;
  shortReferenceId: string;
  status: PayoutStatus;
  sourceCurrency: string;
  sourceAmount: string;
  payoutCurrency: string;
  payoutAmount: string;
  feeAmount: string;
  feeCurrency: string;
  feePaidBy: FeePaidBy | null;
  amountPayerPays: string;
  paymentMethod: PaymentMethod;
  purposeCode: PurposeCode;
  payoutReference: string;
  /** YYYY-MM-DD (UTC): the date submission is attempted. */
  payoutDate: string;
  beneficiaryId: string;
  quoteId: string | null;
  isPayer: boolean;
  payerId: string | null;
  failureReason: string | null;
  /** What went back to the wallet, in the source currency. */
  failureReturnedAmount: string | null;
  createdAt: Date;
  updatedAt: Date;
  completedAt: Date | null;
}

/** A numeric column as Prisma returns it (Decimal) or as a named `pg` statement does (text). */
type Numeric = string | { toString(): string };

/** A payouts row from Prisma or from a named `pg` statement (store.ts): numerics may be text. */
export type PayoutRow = {
  [K in keyof Payout]: Payout[K] extends Payout['sourceAmount'] ? Numeric : Payout[K] extends Payout['failureReturnedAmount'] ? Numeric | null : Payout[K];
};

/** The row's text columns hold only the values the rules let in (rules.ts), so they are typed here once. */
export function toPayoutView(p: PayoutRow): PayoutView {
  const source = money(p.sourceAmount);
  return {
    id: p.id,
    shortReferenceId: p.shortReferenceId,
    status: p.status as PayoutStatus,
    sourceCurrency: p.sourceCurrency,
    sourceAmount: formatStoredAmount(p.sourceAmount, p.sourceCurrency),
    payoutCurrency: p.payoutCurrency,
    payoutAmount: formatStoredAmount(p.payoutAmount, p.payoutCurrency),
    feeAmount: formatStoredAmount(p.feeAmount, p.feeCurrency),
    feeCurrency: p.feeCurrency,
    feePaidBy: p.feePaidBy as FeePaidBy | null,
    amountPayerPays: formatAmount(source.plus(money(p.feeAmount)), p.sourceCurrency),
    paymentMethod: p.paymentMethod as PaymentMethod,
    purposeCode: p.purposeCode as PurposeCode,
    payoutReference: p.payoutReference,
    payoutDate: p.payoutDate.toISOString().slice(0, 10),
    beneficiaryId: p.beneficiaryId,
    quoteId: p.quoteId,
    isPayer: p.isPayer,
    payerId: p.payerId,
    failureReason: p.failureReason,
    failureReturnedAmount: p.failureReturnedAmount === null ? null : formatStoredAmount(p.failureReturnedAmount, p.sourceCurrency),
    createdAt: p.createdAt,
    updatedAt: p.updatedAt,
    completedAt: p.completedAt,
  };
}
