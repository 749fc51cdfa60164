import { formatAmount, money, ZERO } from '../../../platform/money/amount';

/**
 * A payment balance (catalogue PA14/PA15) read from the acting account's acquiring ledger
 * accounts: available is PAYMENT_AVAILABLE (settled, net of fees), pending is PAYMENT_PENDING
 * (captured, not yet settled). Amounts in the currency's precision.
 */
export interface PaymentBalanceView {
  currency: string;
  availableBalance: string;
  pendingBalance: string;
}

export interface PaymentLedgerRow {
  currency: string;
  purpose: string;
  balance: { toString(): string };
}

/** One currency's balance from its two ledger accounts (either may not exist yet: zero). */
export function toPaymentBalanceView(currency: string, rows: readonly PaymentLedgerRow[]): PaymentBalanceView {
  const of = (purpose: string) => {
    const row = rows.find((r) => r.currency === currency && r.purpose === purpose);
    return formatAmount(row ? money(row.balance) : ZERO, currency);
  };
  return { currency, availableBalance: of('PAYMENT_AVAILABLE'), pendingBalance: of('PAYMENT_PENDING') };
}
