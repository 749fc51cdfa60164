import { defineList } from '../../../platform/pagination/list';
import { listOrder } from '../../../platform/pagination/keyset';
import { virtualAccountFilter } from './rules';
import { toVirtualAccountView } from './view';
import type { RequestContext } from '../../../platform/context';
import { eachRow, viewsByIds } from '../../../platform/nodes/by-ids';
import type { VirtualAccountView } from './view';

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

/** GraphQL's loaders (node and object fields): the acting account's virtual accounts with these ids. */
export const virtualAccountsByIds = (ctx: RequestContext, ids: readonly string[]): Promise<Map<string, VirtualAccountView>> =>
  viewsByIds(ids, (valid) => ctx.db.prisma.virtualAccount.findMany({ where: { id: { in: valid }, accountId: ctx.acting.id } }), eachRow(toVirtualAccountView));
