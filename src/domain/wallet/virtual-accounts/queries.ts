import { defineList, sliceOf } from '../../../platform/pagination/list';
import { virtualAccountFilter } from './rules';
import { toVirtualAccountView } from './view';

/** BT15 / GraphQL virtualAccounts: the acting account's virtual accounts, in the order they were opened. */
export const virtualAccountList = defineList({
  filter: virtualAccountFilter,
  find(ctx, filter, window) {
    const where = { accountId: ctx.acting.id, ...(filter.currency ? { currency: filter.currency } : {}) };
    return sliceOf(
      ctx.db.prisma.virtualAccount.findMany({ where, orderBy: { numberSeq: 'asc' }, ...window }),
      ctx.db.prisma.virtualAccount.count({ where }),
      toVirtualAccountView,
    );
  },
});
