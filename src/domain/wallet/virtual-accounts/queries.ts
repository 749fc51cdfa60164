import { defineList } from '../../../platform/pagination/list';
import { listOrder } from '../../../platform/pagination/keyset';
import { virtualAccountFilter } from './rules';
import { toVirtualAccountView } from './view';

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
