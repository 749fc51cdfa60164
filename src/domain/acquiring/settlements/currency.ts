import Decimal from 'decimal.js';
import type { Tx } from '../../../platform/db/tx';
import { settlementCurrencyOf } from '../bank-accounts/contract';
import { midRatePerUsd, RATE_DIGITS } from '../../wallet/fx/rates';
import { Money } from '../../../platform/money/amount';

/** The currency an account's captures in `currency` settle into. */
export type PreferredSettlementCurrency = (reader: Reader, accountId: string, currency: string) => Promise<string>;

type Reader = Pick<Tx, 'fxRate' | 'bankAccount'>;

/**
 * The rule the daily cut uses: the settlement bank accounts decide (src/domain/acquiring/bank-accounts/contract.ts,
 * `settlementCurrencyOf`); an account with a Valid bank account only in another currency settles there.
 */
export const bankAccountCurrency: PreferredSettlementCurrency = settlementCurrencyOf;


export interface SettlementCurrency {
  currency: string;
  /** Units of the settlement currency per unit of the capture's currency; 1 when they are the same. */
  exchangeRate: Decimal;
  /** The settlement currency's mid rate in units per USD (prices the fixed fee). */
  perUsd: Decimal;
}

/**
 * The settlement currency of a capture and the rate it converts at: the FX area's mid rate (no
 * spread: the merchant's money is moved, not sold to it), to the rate table's 10 significant
 * digits. A currency the rate table cannot price settles in the capture's own currency.
 */
export async function settlementCurrencyFor(
  reader: Reader,
  c: { accountId: string; currency: string; now: Date },
  preferred: PreferredSettlementCurrency = bankAccountCurrency,
): Promise<SettlementCurrency> {
  const target = await preferred(reader, c.accountId, c.currency);
  const sourcePerUsd = await midRatePerUsd(reader, c.currency, c.now);
  const targetPerUsd = target === c.currency ? sourcePerUsd : await midRatePerUsd(reader, target, c.now);
  if (!sourcePerUsd || !targetPerUsd || target === c.currency) {
    return { currency: c.currency, exchangeRate: new Money(1), perUsd: sourcePerUsd ?? new Money(1) };
  }
  return {
    currency: target,
    exchangeRate: targetPerUsd.div(sourcePerUsd).toSignificantDigits(RATE_DIGITS, Decimal.ROUND_HALF_EVEN),
    perUsd: targetPerUsd,
  };
}
