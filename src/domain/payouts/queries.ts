import { z } from 'zod';
import type { Prisma } from '../../generated/prisma/client';
import type { RequestContext } from '../context';
import { isUuid } from '../ids/ids';
import { defineList, sliceOf } from '../pagination/list';
import { checkTimeOrder, timeRangeShape, withinRange } from '../pagination/time-range';
import { payoutErrors } from './errors';
import { PAYOUT_STATUSES } from './rules';
import { toPayoutView, type PayoutView } from './view';

/** PO3: the acting account's payout; anything else answers as unknown. */
export async function getPayout(ctx: RequestContext, payoutId: string): Promise<PayoutView> {
  const payout = isUuid(payoutId)
    ? await ctx.db.prisma.payout.findFirst({ where: { id: payoutId, accountId: ctx.acting.id } })
    : null;
  if (!payout) throw payoutErrors.payoutNotFound();
  return toPayoutView(payout);
}

/** PO2 filters in wire names; GraphQL `payouts(filter)` maps its input onto them. */
export const payoutFilter = z
  .object({
    payout_status: z
      .string()
      .pipe(z.enum(PAYOUT_STATUSES, { error: `must be one of ${PAYOUT_STATUSES.join(', ')}` }))
      .optional(),
    ...timeRangeShape,
  })
  .superRefine((v, ctx) => checkTimeOrder(ctx, v));

/** PO2 / GraphQL `payouts`: the acting account's payouts, newest first (the order a dashboard reads them in). */
export const payoutList = defineList({
  filter: payoutFilter,
  find(ctx, filter, window) {
    const range = withinRange(filter);
    const where: Prisma.PayoutWhereInput = {
      accountId: ctx.acting.id,
      ...(filter.payout_status ? { status: filter.payout_status } : {}),
      ...(range ? { createdAt: range } : {}),
    };
    return sliceOf(
      ctx.db.prisma.payout.findMany({ where, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], ...window }),
      ctx.db.prisma.payout.count({ where }),
      toPayoutView,
    );
  },
});
