import { z } from 'zod';
import type { Payout, Prisma } from '../../generated/prisma/client';
import type { RequestContext } from '../context';
import { isUuid } from '../ids/ids';
import type { Page } from '../pagination/page';
import { checkTimeOrder, timeRangeShape, withinRange } from '../pagination/time-range';
import { restPage, type ListWindow, type Slice } from '../pagination/window';
import { payoutErrors } from './errors';
import { PAYOUT_STATUSES, parseWire, type PayoutStatus } from './rules';

/** PO3: the acting account's payout; anything else answers as unknown. */
export async function getPayout(ctx: RequestContext, payoutId: string): Promise<Payout> {
  const payout = isUuid(payoutId)
    ? await ctx.db.prisma.payout.findFirst({ where: { id: payoutId, accountId: ctx.acting.id } })
    : null;
  if (!payout) throw payoutErrors.payoutNotFound();
  return payout;
}

export interface PayoutFilter {
  status?: PayoutStatus;
  /** Inclusive bounds on create_time. */
  startTime?: Date;
  endTime?: Date;
}

/** The filters of PO2 in wire names; page_number / page_size are read by restPage. */
export const payoutListFilter = z
  .object({
    payout_status: z
      .string()
      .pipe(z.enum(PAYOUT_STATUSES, { error: `must be one of ${PAYOUT_STATUSES.join(', ')}` }))
      .optional(),
    ...timeRangeShape,
  })
  .superRefine((v, ctx) => checkTimeOrder(ctx, v));

/** The list filter from wire names (REST query; GraphQL maps its filter input onto them). */
export function parsePayoutFilter(raw: unknown): PayoutFilter {
  const q = parseWire(payoutListFilter, raw ?? {});
  return { status: q.payout_status, startTime: q.start_time, endTime: q.end_time };
}

/** The acting account's payouts, newest first (the order a dashboard reads them in). */
export async function listPayouts(ctx: RequestContext, filter: PayoutFilter, window: ListWindow): Promise<Slice<Payout>> {
  const where: Prisma.PayoutWhereInput = {
    accountId: ctx.acting.id,
    ...(filter.status ? { status: filter.status } : {}),
    ...(filter.startTime || filter.endTime ? { createdAt: withinRange({ start_time: filter.startTime, end_time: filter.endTime }) } : {}),
  };
  const [items, totalCount] = await Promise.all([
    ctx.db.prisma.payout.findMany({ where, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], ...window }),
    ctx.db.prisma.payout.count({ where }),
  ]);
  return { items, totalCount };
}

/** PO2: GET /v1/payouts with page_number, page_size, payout_status, start_time, end_time. */
export async function listPayoutsPage(ctx: RequestContext, rawQuery: unknown): Promise<Page<Payout>> {
  const filter = parsePayoutFilter(rawQuery);
  return restPage(rawQuery, (window) => listPayouts(ctx, filter, window));
}
