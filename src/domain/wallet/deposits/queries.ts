import { z } from 'zod';
import type { Prisma } from '../../../generated/prisma/client';
import type { RequestContext } from '../../../platform/context';
import { isUuid } from '../../../platform/ids/ids';
import { defineList } from '../../../platform/pagination/list';
import { newestFirst } from '../../../platform/pagination/keyset';
import { checkTimeRange, timeRangeMembers, withinTimeRange } from '../../../platform/pagination/time-range';
import { depositErrors } from './errors';
import { DEPOSIT_STATUSES } from './rules';
import { toDepositView, type DepositView } from './view';
import { eachRow, viewsByIds } from '../../../platform/nodes/by-ids';

/** BT5 / GraphQL deposit(id): the acting account's deposit; any other id answers as unknown. */
export async function getDeposit(ctx: RequestContext, depositId: string): Promise<DepositView> {
  const deposit = isUuid(depositId)
    ? await ctx.db.prisma.deposit.findFirst({ where: { id: depositId, accountId: ctx.acting.id } })
    : null;
  if (!deposit) throw depositErrors.depositNotFound();
  return toDepositView(deposit);
}

/** The deposits list's filter: a status in any case, and a creation time range. */
export const depositFilter = z
  .object({
    ...timeRangeMembers,
    status: z.string().trim().toUpperCase().pipe(z.enum(DEPOSIT_STATUSES, 'must be one of PENDING, COMPLETED, FAILED')).optional(),
  })
  .superRefine((v, ctx) => checkTimeRange(ctx, v));

/** BT4 / GraphQL deposits: the acting account's deposits, newest first. */
export const depositList = defineList({
  filter: depositFilter,
  order: newestFirst('deposits'),
  find(ctx, filter, page) {
    const range = withinTimeRange(filter);
    const where: Prisma.DepositWhereInput = {
      accountId: ctx.acting.id,
      ...(filter.status ? { status: filter.status } : {}),
      ...(range ? { createdAt: range } : {}),
    };
    return page.slice(
      ctx.db.prisma.deposit.findMany(page.prisma(where)),
      ctx.db.prisma.deposit.count({ where }),
      toDepositView,
    );
  },
});

/** GraphQL's loaders (node and object fields): the acting account's deposits with these ids. */
export const depositsByIds = (ctx: RequestContext, ids: readonly string[]): Promise<Map<string, DepositView>> =>
  viewsByIds(ids, (valid) => ctx.db.prisma.deposit.findMany({ where: { id: { in: valid }, accountId: ctx.acting.id } }), eachRow(toDepositView));
