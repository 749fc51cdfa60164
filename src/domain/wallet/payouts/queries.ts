import { z } from 'zod';
import type { RequestContext } from '../../../platform/context';
import { isUuid } from '../../../platform/ids/ids';
import { defineList } from '../../../platform/pagination/list';
import { newestFirst } from '../../../platform/pagination/keyset';
import { checkTimeRange, timeRangeMembers } from '../../../platform/pagination/time-range';
import { payoutErrors } from './errors';
import { PAYOUT_STATUSES } from './rules';
import { payoutListCount, payoutListPage, type PayoutListWhere } from './store';
import { toPayoutView, type PayoutView } from './view';
import { eachRow, viewsByIds } from '../../../platform/nodes/by-ids';

/** PO3: the acting account's payout; anything else answers as unknown. */
export async function getPayout(ctx: RequestContext, payoutId: string): Promise<PayoutView> {
  const payout = isUuid(payoutId)
    ? await ctx.db.prisma.payout.findFirst({ where: { id: payoutId, accountId: ctx.acting.id } })
    : null;
  if (!payout) throw payoutErrors.payoutNotFound();
  return toPayoutView(payout);
}

/** The payouts list's filter. */
export const payoutFilter = z
  .object({
    status: z
      .string()
      .pipe(z.enum(PAYOUT_STATUSES, { error: `must be one of ${PAYOUT_STATUSES.join(', ')}` }))
      .optional(),
    ...timeRangeMembers,
  })
  .superRefine((v, ctx) => checkTimeRange(ctx, v));

/** PO2 / GraphQL `payouts`: the acting account's payouts, newest first (the order a dashboard reads them in). */
export const payoutList = defineList({
  filter: payoutFilter,
  order: newestFirst('payouts'),
  find(ctx, filter, page) {
    const where: PayoutListWhere = { accountId: ctx.acting.id, status: filter.status ?? null, startTime: filter.startTime ?? null, endTime: filter.endTime ?? null };
    return page.slice(payoutListPage(ctx.db, where, page), payoutListCount(ctx.db, where), toPayoutView);
  },
});

/** GraphQL's loaders (node, Refund-style object fields): the acting account's payouts with these ids. */
export const payoutsByIds = (ctx: RequestContext, ids: readonly string[]): Promise<Map<string, PayoutView>> =>
  viewsByIds(ids, (valid) => ctx.db.prisma.payout.findMany({ where: { id: { in: valid }, accountId: ctx.acting.id } }), eachRow(toPayoutView));
