import type { Prisma } from '../../../generated/prisma/client';
import type { RequestContext } from '../../../platform/context';
import { isUuid } from '../../../platform/ids/ids';
import { defineList } from '../../../platform/pagination/list';
import { newestFirst } from '../../../platform/pagination/keyset';
import { withinTimeRange } from '../../../platform/pagination/time-range';
import { paymentPayoutErrors } from './errors';
import { paymentPayoutFilter } from './rules';
import { toPaymentPayoutView, type PaymentPayoutView } from './view';
import { eachRow, viewsByIds } from '../../../platform/nodes/by-ids';

/** PA18: the acting account's payment payout; anything else answers as unknown. */
export async function getPaymentPayout(ctx: RequestContext, id: string): Promise<PaymentPayoutView> {
  const row = isUuid(id) ? await ctx.db.prisma.paymentPayout.findFirst({ where: { id, accountId: ctx.acting.id } }) : null;
  if (!row) throw paymentPayoutErrors.paymentPayoutNotFound();
  return toPaymentPayoutView(row);
}

/** PA17 / GraphQL paymentPayouts: newest first; start_time / end_time bound create_time, inclusive. */
export const paymentPayoutList = defineList({
  filter: paymentPayoutFilter,
  order: newestFirst('paymentPayouts'),
  find(ctx, filter, page) {
    const range = withinTimeRange(filter);
    const where: Prisma.PaymentPayoutWhereInput = {
      accountId: ctx.acting.id,
      ...(filter.status ? { status: filter.status } : {}),
      ...(range ? { createdAt: range } : {}),
    };
    return page.slice(
      ctx.db.prisma.paymentPayout.findMany(page.prisma(where)),
      ctx.db.prisma.paymentPayout.count({ where }),
      toPaymentPayoutView,
    );
  },
});

/** GraphQL's loaders (node and object fields): the acting account's payment payouts with these ids. */
export const paymentPayoutsByIds = (ctx: RequestContext, ids: readonly string[]): Promise<Map<string, PaymentPayoutView>> =>
  viewsByIds(ids, (valid) => ctx.db.prisma.paymentPayout.findMany({ where: { id: { in: valid }, accountId: ctx.acting.id } }), eachRow(toPaymentPayoutView));
