import { z } from 'zod';
import type { RequestContext } from '../../../platform/context';
import { isUuid } from '../../../platform/ids/ids';
import { defineList, sliceOf } from '../../../platform/pagination/list';
import { checkTimeRange, timeRangeMembers } from '../../../platform/pagination/time-range';
import { payoutErrors } from './errors';
import { PAYOUT_STATUSES } from './rules';
import { payoutListCount, payoutListPage, type PayoutListWhere } from './store';
import { toPayoutView, type PayoutView } from './view';

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
  find(ctx, filter, window) {
    const where: PayoutListWhere = { accountId: ctx.acting.id, status: filter.status ?? null, startTime: filter.startTime ?? null, endTime: filter.endTime ?? null };
    return sliceOf(payoutListPage(ctx.db, where, window), payoutListCount(ctx.db, where), toPayoutView);
  },
});
