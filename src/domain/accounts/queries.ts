import type { Account } from '../../generated/prisma/client';
import type { RequestContext } from '../context';
import { isUuid } from '../ids/ids';
import { listPageQuery, pageWindow, toPage, type Page } from '../pagination/page';
import { parseInput } from '../validation/validate';
import { accountErrors } from './errors';


/**
 * AF4: an account is visible to the acting account itself and, for a master, to its connected
 * sub-accounts. Anything else — unknown, another tenant's, a malformed id — is "entity not found".
 */
export async function retrieveAccount(ctx: RequestContext, accountId: string): Promise<Account> {
  if (!isUuid(accountId)) throw accountErrors.accountNotFound();
  const account = await ctx.db.prisma.account.findFirst({
    where: { id: accountId, OR: [{ id: ctx.acting.id }, { parentId: ctx.principal.accountId }] },
  });
  if (!account) throw accountErrors.accountNotFound();
  return account;
}

/** AF3: the connected sub-accounts of the calling master, oldest first. */
export async function listConnectedAccounts(ctx: RequestContext, rawQuery: unknown): Promise<Page<Account>> {
  const query = parseInput(listPageQuery, rawQuery);
  const where = { parentId: ctx.principal.accountId };
  const [items, total] = await Promise.all([
    ctx.db.prisma.account.findMany({ where, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }], ...pageWindow(query) }),
    ctx.db.prisma.account.count({ where }),
  ]);
  return toPage(items, total, query.page_size);
}
