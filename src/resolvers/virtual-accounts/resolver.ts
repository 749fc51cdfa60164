import { Arg, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import { findVirtualAccounts } from '../../domain/virtual-accounts/queries';
import { closeVirtualAccount, openVirtualAccount } from '../../domain/virtual-accounts/service';
import type { GraphQLContext } from '../context';
import { idempotentMutation } from '../idempotent';
import { connectionWindow, toConnection } from '../shared/connection';
import {
  CloseVirtualAccountInput,
  OpenVirtualAccountInput,
  toGraphQLVirtualAccount,
  VirtualAccount,
  VirtualAccountConnection,
} from './types';

/** BT14, BT15 over GraphQL, plus closing: the same domain services as the REST routes. */
@Resolver()
export class VirtualAccountResolver {
  @Mutation(() => VirtualAccount, { description: 'Opens a virtual account for the acting account; it is PENDING until the bank opens it' })
  async openVirtualAccount(
    @Arg('input', () => OpenVirtualAccountInput) input: OpenVirtualAccountInput,
    @Ctx() gctx: GraphQLContext,
  ): Promise<VirtualAccount> {
    // The domain's wire names, so that its rules and messages are the REST ones.
    const plain = { currency: input.currency, payment_method: input.paymentMethod ?? undefined };
    return idempotentMutation(gctx, { field: 'openVirtualAccount', family: 'account_center', input: plain }, async (ctx) =>
      toGraphQLVirtualAccount(await openVirtualAccount(ctx, plain)),
    );
  }

  @Mutation(() => VirtualAccount, { description: "Closes one of the acting account's virtual accounts (payrail's extension)" })
  async closeVirtualAccount(
    @Arg('input', () => CloseVirtualAccountInput) input: CloseVirtualAccountInput,
    @Ctx() gctx: GraphQLContext,
  ): Promise<VirtualAccount> {
    const plain = { account_bank_id: input.id, close_reason: input.reason };
    return idempotentMutation(gctx, { field: 'closeVirtualAccount', family: 'account_center', input: plain }, async (ctx) =>
      toGraphQLVirtualAccount(await closeVirtualAccount(ctx, plain)),
    );
  }

  @Query(() => VirtualAccountConnection, { description: "The acting account's virtual accounts, in the order they were opened" })
  async virtualAccounts(
    @Ctx() gctx: GraphQLContext,
    @Arg('first', () => Int, { nullable: true }) first?: number,
    @Arg('after', () => String, { nullable: true }) after?: string,
    @Arg('currency', () => String, { nullable: true }) currency?: string,
  ): Promise<VirtualAccountConnection> {
    const ctx = await gctx.auth();
    const window = connectionWindow(first, after);
    const slice = await findVirtualAccounts(ctx, { currency: currency ?? undefined }, window);
    return toConnection(slice.items.map(toGraphQLVirtualAccount), window.skip, slice.totalCount);
  }
}
