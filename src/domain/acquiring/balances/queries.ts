import { z } from 'zod';
import type { RequestContext } from '../../../platform/context';
import { currencyCode } from '../../../platform/money/amount';
import { defineList, type Slice } from '../../../platform/pagination/list';
import { listOrder } from '../../../platform/pagination/keyset';
import { parseInput } from '../../../platform/validation/validate';
import { toPaymentBalanceView, type PaymentBalanceView } from './view';

const PURPOSES = ['PAYMENT_AVAILABLE', 'PAYMENT_PENDING'];

/** Every currency the acting account has a payment balance in, by currency code. */
async function paymentBalances(ctx: RequestContext, currency?: string): Promise<PaymentBalanceView[]> {
  const rows = await ctx.db.prisma.ledgerAccount.findMany({
    where: { accountId: ctx.acting.id, purpose: { in: PURPOSES }, ...(currency ? { currency } : {}) },
    select: { currency: true, purpose: true, balance: true },
  });
  return [...new Set(rows.map((r) => r.currency))].sort().map((c) => toPaymentBalanceView(c, rows));
}

/** PA14 / GraphQL paymentBalances: one per currency the account has taken payments in. No filters. */
export const paymentBalanceList = defineList({
  filter: z.object({}),
  order: listOrder('paymentBalances', 'asc', ['currency', 'text']),
  async find(ctx, _filter, page): Promise<Slice<PaymentBalanceView>> {
    const all = await paymentBalances(ctx);
    return page.ofAll(all);
  },
});

/** A path segment or argument: any case, one supported ISO 4217 code. */
const paymentBalanceCurrencyInput = z.object({ currency: z.string().trim().toUpperCase().pipe(currencyCode) });

/**
 * PA15 / GraphQL paymentBalance(currency). A supported currency the account never took payments in
 * is a zero balance, as BT2 answers for wallets; an unsupported or malformed code is a 400.
 */
export async function getPaymentBalance(ctx: RequestContext, rawCurrency: unknown): Promise<PaymentBalanceView> {
  const { currency } = parseInput(paymentBalanceCurrencyInput, { currency: rawCurrency });
  const [found] = await paymentBalances(ctx, currency);
  return found ?? toPaymentBalanceView(currency, []);
}
