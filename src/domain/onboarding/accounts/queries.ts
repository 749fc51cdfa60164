import { z } from 'zod';
import type { Account, Prisma } from '../../../generated/prisma/client';
import type { RequestContext, ServiceDeps } from '../../../platform/context';
import { isUuid } from '../../../platform/ids/ids';
import { defineList, type Slice } from '../../../platform/pagination/list';
import type { ListPage } from '../../../platform/pagination/page-reader';
import { oldestFirst } from '../../../platform/pagination/keyset';
import { accountErrors } from './errors';
import { readVisibleAccount } from './store';
import { toAccountView, type AccountView } from './view';

/**
 * AF4: an account is visible to the acting account itself and, for a master, to its connected
 * sub-accounts. Acting for sub-account B (x-on-behalf-of) the call answers as B: B and nothing
 * else, never B's siblings. Anything else — unknown, another tenant's, a malformed id — is
 * "entity not found".
 */
export async function getAccount(ctx: RequestContext, accountId: string): Promise<AccountView> {
  if (!isUuid(accountId)) throw accountErrors.accountNotFound();
  // A named statement: GraphQL `viewer` reads it on every dashboard call (docs/performance.md).
  const account = await readVisibleAccount(ctx.db, accountId, ctx.acting.id);
  if (!account) throw accountErrors.accountNotFound();
  return toAccountView(account);
}

/** Every account, oldest first: the operator's view (admin command line), with no tenant scope. */
export async function listAllAccounts(deps: ServiceDeps): Promise<AccountView[]> {
  const rows = await deps.db.prisma.account.findMany({ orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
  return rows.map(toAccountView);
}

/**
 * The accounts among `ids` the acting account may see, for batched GraphQL loading (viewer,
 * parent): itself, its master, and — when it is the caller's own account — its sub-accounts.
 * Any other id loads as absent.
 */
export async function accountsVisibleTo(ctx: RequestContext, ids: readonly string[]): Promise<Map<string, AccountView>> {
  const valid = ids.filter(isUuid);
  if (valid.length === 0) return new Map();
  const visible: Prisma.AccountWhereInput[] = [{ id: ctx.acting.id }];
  if (ctx.acting.parentId !== null) visible.push({ id: ctx.acting.parentId });
  if (ctx.acting.id === ctx.principal.accountId) visible.push({ parentId: ctx.acting.id });
  const rows = await ctx.db.prisma.account.findMany({ where: { id: { in: valid }, OR: visible } });
  return new Map(rows.map((r) => [r.id, toAccountView(r)]));
}

/**
 * The sub-accounts of `parentId`, oldest first. Only the acting account's own sub-accounts are
 * visible: a sub-account — through its own key or acted for by its master with x-on-behalf-of —
 * reaching its master through GraphQL `parent` must not list its siblings, so any other parent
 * answers an empty list.
 */
function subAccountsOf(ctx: RequestContext, parentId: string, page: ListPage): Promise<Slice<AccountView>> {
  if (parentId !== ctx.acting.id) return Promise.resolve({ items: [], totalCount: 0 });
  const where = { parentId };
  return page.slice(
    ctx.db.prisma.account.findMany(page.prisma(where)),
    ctx.db.prisma.account.count({ where }),
    toAccountView,
  );
}

/** The account lists take no filter. */
const noFilter = z.object({});

/**
 * AF3: the connected sub-accounts of the acting account, oldest first. Acting for a sub-account
 * (which has none) the list is empty: the call answers as that sub-account.
 */
export const connectedAccountList = defineList({
  filter: noFilter,
  order: oldestFirst('connectedAccounts'),
  find: (ctx, _filter, page) => subAccountsOf(ctx, ctx.acting.id, page),
});

/** GraphQL `Account.subAccounts`: the sub-accounts of one account, as the caller may see them. */
export const subAccountList = (parentId: string) =>
  defineList({
    filter: noFilter,
    order: oldestFirst('subAccounts'),
    find: (ctx, _filter, page) => subAccountsOf(ctx, parentId, page),
  });
