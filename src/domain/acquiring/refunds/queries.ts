import { z } from 'zod';
import type { Prisma } from '../../../generated/prisma/client';
import type { RequestContext } from '../../../platform/context';
import { isUuid } from '../../../platform/ids/ids';
import { defineList } from '../../../platform/pagination/list';
import { newestFirst, oldestFirst } from '../../../platform/pagination/keyset';
import { checkTimeRange, timeRangeMembers, withinTimeRange } from '../../../platform/pagination/time-range';
import { refundErrors } from './errors';
import { toRefundView, type RefundView } from './view';
import { eachRow, viewsByIds } from '../../../platform/nodes/by-ids';

/** PA10: the acting account's refund; anything else answers as unknown. */
export async function getRefund(ctx: RequestContext, refundId: string): Promise<RefundView> {
  const refund = isUuid(refundId) ? await ctx.db.prisma.refund.findFirst({ where: { id: refundId, accountId: ctx.acting.id } }) : null;
  if (!refund) throw refundErrors.refundNotFound();
  return toRefundView(refund);
}

/** PA9 filters; startTime / endTime bound the creation time (inclusive). */
export const refundFilter = z
  .object({
    paymentIntentId: z.string().max(36, 'must be at most 36 characters').optional(),
    merchantOrderId: z.string().max(36, 'must be at most 36 characters').optional(),
    ...timeRangeMembers,
  })
  .superRefine((v, ctx) => checkTimeRange(ctx, v));

/** PA9 / GraphQL `refunds`: the acting account's refunds, newest first. */
export const refundList = defineList({
  filter: refundFilter,
  order: newestFirst('refunds'),
  find(ctx, filter, page) {
    const range = withinTimeRange(filter);
    // An id that is not a UUID matches nothing (rather than failing the uuid column's cast).
    const intent = filter.paymentIntentId;
    const where: Prisma.RefundWhereInput = {
      accountId: ctx.acting.id,
      ...(intent !== undefined ? (isUuid(intent) ? { paymentIntentId: intent } : { id: { in: [] } }) : {}),
      ...(filter.merchantOrderId !== undefined ? { merchantOrderId: filter.merchantOrderId } : {}),
      ...(range ? { createdAt: range } : {}),
    };
    return page.slice(
      ctx.db.prisma.refund.findMany(page.prisma(where)),
      ctx.db.prisma.refund.count({ where }),
      toRefundView,
    );
  },
});

/**
 * The refunds of many intents in one query, for the PaymentIntent.refunds loader: intent id ->
 * its refunds, oldest first. Scoped by the acting account: another tenant's intent has none.
 */
/** GraphQL `PaymentIntent.refunds`: an intent's refunds, oldest first (refundsByIntentIds reads them so). */
export const intentRefundsOrder = oldestFirst('PaymentIntent.refunds');

export async function refundsByIntentIds(ctx: RequestContext, intentIds: readonly string[]): Promise<Map<string, RefundView[]>> {
  const ids = intentIds.filter(isUuid);
  const out = new Map<string, RefundView[]>(intentIds.map((id) => [id, []]));
  if (ids.length === 0) return out;
  const rows = await ctx.db.prisma.refund.findMany({
    where: { accountId: ctx.acting.id, paymentIntentId: { in: ids } },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
  });
  for (const r of rows) out.get(r.paymentIntentId)!.push(toRefundView(r));
  return out;
}

/** GraphQL's loaders (node and object fields): the acting account's refunds with these ids. */
export const refundsByIds = (ctx: RequestContext, ids: readonly string[]): Promise<Map<string, RefundView>> =>
  viewsByIds(ids, (valid) => ctx.db.prisma.refund.findMany({ where: { id: { in: valid }, accountId: ctx.acting.id } }), eachRow(toRefundView));
