import type { Deposit } from '../../generated/prisma/client';
import type { RequestContext } from '../context';
import { isUuid } from '../ids/ids';
import type { Page } from '../pagination/page';
import { withinRange } from '../pagination/time-range';
import { restPage, type ListWindow, type Slice } from '../pagination/window';
import { parseInput } from '../validation/validate';
import { depositErrors } from './errors';
import { depositFilter } from './rules';

/** BT5 / GraphQL deposit(id): the acting account's deposit; any other id answers as unknown. */
export async function getDeposit(ctx: RequestContext, depositId: string): Promise<Deposit> {
  const deposit = isUuid(depositId)
    ? await ctx.db.prisma.deposit.findFirst({ where: { id: depositId, accountId: ctx.acting.id } })
    : null;
  if (!deposit) throw depositErrors.depositNotFound();
  return deposit;
}

/** BT4 / GraphQL deposits: the acting account's deposits, newest first. */
export async function findDeposits(ctx: RequestContext, rawFilter: unknown, window: ListWindow): Promise<Slice<Deposit>> {
  const filter = parseInput(depositFilter, rawFilter ?? {});
  const range = withinRange(filter);
  const where = {
    accountId: ctx.acting.id,
    ...(filter.status ? { status: filter.status } : {}),
    ...(range ? { createdAt: range } : {}),
  };
  const [items, totalCount] = await Promise.all([
    ctx.db.prisma.deposit.findMany({ where, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], skip: window.skip, take: window.take }),
    ctx.db.prisma.deposit.count({ where }),
  ]);
  return { items, totalCount };
}

export const listDeposits = (ctx: RequestContext, rawQuery: unknown): Promise<Page<Deposit>> =>
  restPage(rawQuery, (window) => findDeposits(ctx, rawQuery, window));
