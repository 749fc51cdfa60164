import { z } from 'zod';
import type { RequestContext } from '../../../platform/context';
import { isUuid } from '../../../platform/ids/ids';
import { defineList, sliceOf } from '../../../platform/pagination/list';
import { checkTimeRange, timeRangeMembers } from '../../../platform/pagination/time-range';
import { payoutErrors } from './errors';
import { PAYOUT_STATUSES } from './rules';
import { PAYOUT_COLUMNS, toPayoutView, type PayoutRow, type PayoutView } from './view';

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

/**
 * The list's two statements, named so each pooled connection plans them once: a dashboard reads
 * this list on every page view (measured in docs/performance.md: Prisma's query compiler cost more
 * CPU per request than the rest of the list). An absent filter is a NULL parameter.
 */
const LIST_WHERE = `account_id = $1 AND ($2::text IS NULL OR status = $2)
  AND ($3::timestamptz IS NULL OR created_at >= $3) AND ($4::timestamptz IS NULL OR created_at <= $4)`;
const LIST_PAGE = `SELECT ${PAYOUT_COLUMNS} FROM payouts WHERE ${LIST_WHERE} ORDER BY created_at DESC, id DESC LIMIT $5 OFFSET $6`;
const LIST_COUNT = `SELECT count(*)::int AS n FROM payouts WHERE ${LIST_WHERE}`;

/** PO2 / GraphQL `payouts`: the acting account's payouts, newest first (the order a dashboard reads them in). */
export const payoutList = defineList({
  filter: payoutFilter,
  find(ctx, filter, window) {
    const where = [ctx.acting.id, filter.status ?? null, filter.startTime ?? null, filter.endTime ?? null];
    const pool = ctx.db.pool;
    return sliceOf(
      pool.query<PayoutRow>({ name: 'payout_list_page', text: LIST_PAGE, values: [...where, window.take, window.skip] }).then((r) => r.rows),
      pool.query<{ n: number }>({ name: 'payout_list_count', text: LIST_COUNT, values: where }).then((r) => r.rows[0]?.n ?? 0),
      toPayoutView,
    );
  },
});
