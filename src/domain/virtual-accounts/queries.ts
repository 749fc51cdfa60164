import type { VirtualAccount } from '../../generated/prisma/client';
import type { RequestContext } from '../context';
import type { Page } from '../pagination/page';
import { restPage, type ListWindow, type Slice } from '../pagination/window';
import { parseInput } from '../validation/validate';
import { virtualAccountFilter } from './rules';

/** BT15 / GraphQL virtualAccounts: the acting account's virtual accounts, in the order they were opened. */
export async function findVirtualAccounts(ctx: RequestContext, rawFilter: unknown, window: ListWindow): Promise<Slice<VirtualAccount>> {
  const filter = parseInput(virtualAccountFilter, rawFilter ?? {});
  const where = { accountId: ctx.acting.id, ...(filter.currency ? { currency: filter.currency } : {}) };
  const [items, totalCount] = await Promise.all([
    ctx.db.prisma.virtualAccount.findMany({ where, orderBy: { numberSeq: 'asc' }, skip: window.skip, take: window.take }),
    ctx.db.prisma.virtualAccount.count({ where }),
  ]);
  return { items, totalCount };
}

export const listVirtualAccounts = (ctx: RequestContext, rawQuery: unknown): Promise<Page<VirtualAccount>> =>
  restPage(rawQuery, (window) => findVirtualAccounts(ctx, rawQuery, window));
