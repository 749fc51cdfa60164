import type { RequestContext } from '../../../platform/context';
import { isUuid } from '../../../platform/ids/ids';
import { defineList } from '../../../platform/pagination/list';
import { listOrder } from '../../../platform/pagination/keyset';
import { virtualAccountFilter } from './rules';
import { toVirtualAccountView, type VirtualAccountView } from './view';
import { eachRow, viewsByIds } from '../../../platform/nodes/by-ids';

/** BT15 / GraphQL virtualAccounts: the acting account's virtual accounts, in the order they were opened. */
export const virtualAccountList = defineList({
  filter: virtualAccountFilter,
  order: listOrder('virtualAccounts', 'asc', ['numberSeq', 'bigint']),
  find(ctx, filter, page) {
    const where = { accountId: ctx.acting.id, ...(filter.currency ? { currency: filter.currency } : {}) };
    return page.slice(
      ctx.db.prisma.virtualAccount.findMany(page.prisma(where)),
      ctx.db.prisma.virtualAccount.count({ where }),
      toVirtualAccountView,
    );
  },
});

/** GraphQL virtualAccount(id): one of the acting account's virtual accounts; null for an unknown, malformed or another account's id. */
export async function findVirtualAccount(ctx: RequestContext, id: string): Promise<VirtualAccountView | null> {
  const row = isUuid(id) ? await ctx.db.prisma.virtualAccount.findFirst({ where: { id, accountId: ctx.acting.id } }) : null;
  return row && toVirtualAccountView(row);
}
/** GraphQL's loaders (node and object fields): the acting account's virtual accounts with these ids. */
export const virtualAccountsByIds = (ctx: RequestContext, ids: readonly string[]): Promise<Map<string, VirtualAccountView>> =>
  viewsByIds(ids, (valid) => ctx.db.prisma.virtualAccount.findMany({ where: { id: { in: valid }, accountId: ctx.acting.id } }), eachRow(toVirtualAccountView));
