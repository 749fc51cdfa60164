import { Arg, Ctx, FieldResolver, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import { createSubAccount, listSubAccounts } from '../../domain/accounts/service';
import { accountErrors } from '../../domain/accounts/errors';
import type { GraphQLContext } from '../context';
import { idempotentMutation } from '../idempotent';
import { Account, AccountConnection, CreateSubAccountInput, toGraphQLAccount } from './types';

const cursorOf = (id: string): string => Buffer.from(`account:${id}`).toString('base64url');
const idOfCursor = (cursor: string): string => Buffer.from(cursor, 'base64url').toString().replace(/^account:/, '');

@Resolver(() => Account)
export class AccountResolver {
  @Query(() => Account, { description: 'The acting account: the caller, or the sub-account named by x-on-behalf-of' })
  async viewer(@Ctx() gctx: GraphQLContext): Promise<Account> {
    const ctx = await gctx.auth();
    const row = await gctx.loaders.accountById.load(ctx.acting.id);
    if (!row) throw accountErrors.accountNotFound();
    return toGraphQLAccount(row);
  }

  @FieldResolver(() => Account, { nullable: true, description: 'The master account of a sub-account' })
  async parent(@Root() account: Account, @Ctx() gctx: GraphQLContext): Promise<Account | null> {
    if (!account.parentId) return null;
    const row = await gctx.loaders.accountById.load(account.parentId);
    return row ? toGraphQLAccount(row) : null;
  }

  @FieldResolver(() => AccountConnection, { description: 'Connected sub-accounts, oldest first' })
  async subAccounts(
    @Root() account: Account,
    @Ctx() gctx: GraphQLContext,
    @Arg('first', () => Int, { defaultValue: 20 }) first: number,
    @Arg('after', () => String, { nullable: true }) after?: string,
  ): Promise<AccountConnection> {
    const ctx = await gctx.auth();
    const page = await listSubAccounts(ctx, account.id, {
      first: Math.min(Math.max(first, 1), 100),
      afterId: after ? idOfCursor(after) : undefined,
    });
    const edges = page.items.map((row) => ({ cursor: cursorOf(row.id), node: toGraphQLAccount(row) }));
    return {
      edges,
      totalCount: page.totalCount,
      pageInfo: { hasNextPage: page.hasNextPage, endCursor: edges.at(-1)?.cursor ?? null },
    };
  }

  @Mutation(() => Account, { description: 'Creates a connected sub-account under the calling master' })
  async createSubAccount(
    @Arg('input', () => CreateSubAccountInput) input: CreateSubAccountInput,
    @Ctx() gctx: GraphQLContext,
  ): Promise<Account> {
    const plain = { name: input.name, entityType: input.entityType, businessTypes: input.businessTypes };
    return idempotentMutation(gctx, { field: 'createSubAccount', family: 'account_center', input: plain }, async (ctx) =>
      toGraphQLAccount(await createSubAccount(ctx, ctx.principal.accountId, plain)),
    );
  }
}
