import { z } from 'zod';
import type { Prisma } from '../../../generated/prisma/client';
import { isUuid } from '../../../platform/ids/ids';
import { defineList } from '../../../platform/pagination/list';
import { listOrder } from '../../../platform/pagination/keyset';
import { exactMessage } from '../../../platform/validation/validate';
import { utc8DayEnd, utc8DayStart } from './cut-time';
import { toSettlementView } from './view';
import { quotedField } from '../../../platform/errors/field-names';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar day written YYYY-MM-DD (2026-02-30 is refused, not rolled over). */
const calendarDay = z
  .string()
  .refine((v) => DAY.test(v) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), { message: 'must be a date written YYYY-MM-DD' });

/**
 * PA11 filters (spec 4.10). settled_start_time / settled_end_time are inclusive days
 * in UTC+8: settlement_date from that day's 00:00:00 to the end day's 23:59:59.
 */
export const settlementFilter = z
  .object({
    paymentIntentId: z.string().max(36, 'must be at most 36 characters').optional(),
    settlementBatchId: z.string().max(36, 'must be at most 36 characters').optional(),
    settledStartTime: calendarDay.optional(),
    settledEndTime: calendarDay.optional(),
  })
  .superRefine((v, ctx) => {
    if (v.settledStartTime && v.settledEndTime && v.settledEndTime < v.settledStartTime) {
      ctx.addIssue({
        code: 'custom',
        path: ['settledEndTime'],
        message: exactMessage(`Invalid value for field ${quotedField('settledEndTime')}: must not be before ${quotedField('settledStartTime')}`),
      });
    }
  });

/** An id filter that is not a UUID matches nothing (rather than failing the uuid column's cast). */
const idFilter = (id: string | undefined) => (id === undefined ? undefined : isUuid(id) ? id : '00000000-0000-0000-0000-000000000000');

/** PA11 / GraphQL `settlements`: the acting account's settlement items, newest settlement first. */
export const settlementList = defineList({
  filter: settlementFilter,
  order: listOrder('settlements', 'desc', ['settledAt', 'timestamp'], ['transactionAt', 'timestamp'], ['id', 'uuid']),
  async find(ctx, filter, page) {
    const intent = idFilter(filter.paymentIntentId);
    const batch = idFilter(filter.settlementBatchId);
    const where: Prisma.SettlementItemWhereInput = {
      accountId: ctx.acting.id,
      ...(intent !== undefined ? { paymentIntentId: intent } : {}),
      ...(batch !== undefined ? { batchId: batch } : {}),
      ...(filter.settledStartTime || filter.settledEndTime
        ? {
            settledAt: {
              ...(filter.settledStartTime ? { gte: utc8DayStart(filter.settledStartTime) } : {}),
              ...(filter.settledEndTime ? { lte: utc8DayEnd(filter.settledEndTime) } : {}),
            },
          }
        : {}),
    };
    const account = await ctx.db.prisma.account.findUnique({ where: { id: ctx.acting.id }, select: { name: true } });
    return page.slice(
      ctx.db.prisma.settlementItem.findMany(page.prisma(where)),
      ctx.db.prisma.settlementItem.count({ where }),
      (row) => toSettlementView(row, account?.name ?? ''),
    );
  },
});
