import { z } from 'zod';
import type { RequestContext } from '../../../platform/context';
import { isUuid } from '../../../platform/ids/ids';
import { defineList, sliceOf } from '../../../platform/pagination/list';
import { bankAccountErrors } from './errors';
import { toBankAccountView, type BankAccountView } from './view';

/** BA3: the acting account's bank account; anything else answers as unknown. */
export async function getBankAccount(ctx: RequestContext, id: string): Promise<BankAccountView> {
  const row = isUuid(id) ? await ctx.db.prisma.bankAccount.findFirst({ where: { id, accountId: ctx.acting.id } }) : null;
  if (!row) throw bankAccountErrors.bankAccountNotFound();
  return toBankAccountView(row);
}

/** BA2 / GraphQL bankAccounts: the acting account's bank accounts, newest first. BA2 has no filters. */
export const bankAccountList = defineList({
  filter: z.object({}),
  find(ctx, _filter, window) {
    const where = { accountId: ctx.acting.id };
    return sliceOf(
      ctx.db.prisma.bankAccount.findMany({ where, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], ...window }),
      ctx.db.prisma.bankAccount.count({ where }),
      toBankAccountView,
    );
  },
});
