import { z } from 'zod';
import type { RequestContext } from '../../../platform/context';
import { isUuid } from '../../../platform/ids/ids';
import { defineList } from '../../../platform/pagination/list';
import { newestFirst } from '../../../platform/pagination/keyset';
import { bankAccountErrors } from './errors';
import { toBankAccountView, type BankAccountView } from './view';
import { eachRow, viewsByIds } from '../../../platform/nodes/by-ids';

/** BA3: the acting account's bank account; anything else answers as unknown. */
export async function getBankAccount(ctx: RequestContext, id: string): Promise<BankAccountView> {
  const row = isUuid(id) ? await ctx.db.prisma.bankAccount.findFirst({ where: { id, accountId: ctx.acting.id } }) : null;
  if (!row) throw bankAccountErrors.bankAccountNotFound();
  return toBankAccountView(row);
}

/** BA2 / GraphQL bankAccounts: the acting account's bank accounts, newest first. BA2 has no filters. */
export const bankAccountList = defineList({
  filter: z.object({}),
  order: newestFirst('bankAccounts'),
  find(ctx, _filter, page) {
    const where = { accountId: ctx.acting.id };
    return page.slice(
      ctx.db.prisma.bankAccount.findMany(page.prisma(where)),
      ctx.db.prisma.bankAccount.count({ where }),
      toBankAccountView,
    );
  },
});

/** GraphQL's loaders (node and object fields): the acting account's bank accounts with these ids. */
export const bankAccountsByIds = (ctx: RequestContext, ids: readonly string[]): Promise<Map<string, BankAccountView>> =>
  viewsByIds(ids, (valid) => ctx.db.prisma.bankAccount.findMany({ where: { id: { in: valid }, accountId: ctx.acting.id } }), eachRow(toBankAccountView));
