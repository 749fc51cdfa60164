import { z } from 'zod';
import type { Prisma, Transfer } from '../../../generated/prisma/client';
import type { Tx } from '../../../platform/db/tx';
import type { RequestContext } from '../../../platform/context';
import { isUuid } from '../../../platform/ids/ids';
import { currencyCode } from '../../../platform/money/amount';
import { defineList } from '../../../platform/pagination/list';
import { newestFirst } from '../../../platform/pagination/keyset';
import { checkTimeRange, timeRangeMembers, withinTimeRange } from '../../../platform/pagination/time-range';
import { transferErrors } from './errors';
import { TRANSFER_STATUSES } from './rules';
import { toTransferView, type TransferView } from './view';
import { eachRow, viewsByIds } from '../../../platform/nodes/by-ids';

type Reader = Pick<Tx, 'account' | 'journalEntry'>;

/** Reads a page of transfers with the parties' names and entry ids in two queries, whatever the page's size. */
async function toTransferViews(db: Reader, transfers: Transfer[]): Promise<TransferView[]> {
  if (transfers.length === 0) return [];
  const accountIds = [...new Set(transfers.flatMap((t) => [t.sourceAccountId, t.targetAccountId]))];
  const [accounts, entries] = await Promise.all([
    db.account.findMany({ where: { id: { in: accountIds } }, select: { id: true, name: true } }),
    db.journalEntry.findMany({
      where: { referenceType: 'TRANSFER', referenceId: { in: transfers.map((t) => t.id) } },
      select: { id: true, referenceId: true },
    }),
  ]);
  const names = new Map(accounts.map((a) => [a.id, a.name]));
  const entryOf = new Map(entries.map((e) => [e.referenceId, e.id]));
  return transfers.map((t) =>
    toTransferView(t, {
      sourceAccountName: names.get(t.sourceAccountId) ?? '',
      targetAccountName: names.get(t.targetAccountId) ?? '',
      entryId: entryOf.get(t.id) ?? null,
    }),
  );
}

/**
 * A transfer is visible to the account that made it and to both parties: a master sees the
 * transfers it made between its sub-accounts, a sub-account every transfer in or out of its wallet.
 */
const visibleTo = (accountId: string): Prisma.TransferWhereInput => ({
  OR: [{ accountId }, { sourceAccountId: accountId }, { targetAccountId: accountId }],
});

/** BT8 / GraphQL transfer(id). */
export async function getTransfer(ctx: RequestContext, transferId: string): Promise<TransferView> {
  const transfer = isUuid(transferId)
    ? await ctx.db.prisma.transfer.findFirst({ where: { id: transferId, ...visibleTo(ctx.acting.id) } })
    : null;
  if (!transfer) throw transferErrors.transferNotFound();
  const [view] = await toTransferViews(ctx.db.prisma, [transfer]);
  return view!;
}

/** The transfers list's filter; either case of a status or currency is taken. */
export const transferFilter = z
  .object({
    ...timeRangeMembers,
    status: z.string().trim().toUpperCase().pipe(z.enum(TRANSFER_STATUSES, 'must be one of completed, failed')).optional(),
    currency: z.string().trim().toUpperCase().pipe(currencyCode).optional(),
  })
  .superRefine((v, ctx) => checkTimeRange(ctx, v));

/** BT7 / GraphQL transfers: those the acting account made or is a party to, newest first. */
export const transferList = defineList({
  filter: transferFilter,
  order: newestFirst('transfers'),
  async find(ctx, filter, page) {
    const range = withinTimeRange(filter);
    const where: Prisma.TransferWhereInput = {
      ...visibleTo(ctx.acting.id),
      ...(filter.status ? { status: filter.status } : {}),
      ...(filter.currency ? { currency: filter.currency } : {}),
      ...(range ? { createdAt: range } : {}),
    };
    const [rows, totalCount] = await Promise.all([
      ctx.db.prisma.transfer.findMany(page.prisma(where)),
      ctx.db.prisma.transfer.count({ where }),
    ]);
    return page.withViews(rows, totalCount, (shown) => toTransferViews(ctx.db.prisma, shown));
  },
});

/** GraphQL's loaders (node and object fields): the transfers with these ids the acting account sees, as transfer(id) does. */
export const transfersByIds = (ctx: RequestContext, ids: readonly string[]): Promise<Map<string, TransferView>> =>
  viewsByIds(ids, (valid) => ctx.db.prisma.transfer.findMany({ where: { id: { in: valid }, ...visibleTo(ctx.acting.id) } }), (rows) => toTransferViews(ctx.db.prisma, [...rows]));
