import { Arg, Ctx, ID, Int, Mutation, Query, Resolver } from 'type-graphql';
import { findTransfers, getTransfer } from '../../domain/transfers/queries';
import { createTransfer } from '../../domain/transfers/service';
import type { GraphQLContext } from '../context';
import { idempotentMutation } from '../idempotent';
import { connectionWindow, toConnection } from '../shared/connection';
import { CreateTransferInput, toGraphQLTransfer, Transfer, TransferConnection, TransferFilter } from './types';

const iso = (d: Date | undefined | null) => (d ? new Date(d).toISOString() : undefined);

/** BT6-BT8 over GraphQL: the same domain services as the REST routes. */
@Resolver()
export class TransfersResolver {
  @Mutation(() => Transfer, { description: 'Moves money between two accounts of the acting tree' })
  async createTransfer(
    @Arg('input', () => CreateTransferInput) input: CreateTransferInput,
    @Ctx() gctx: GraphQLContext,
  ): Promise<Transfer> {
    const plain = {
      source_account_id: input.sourceAccountId,
      target_account_id: input.targetAccountId,
      currency: input.currency,
      amount: input.amount,
      reason: input.reason,
    };
    return idempotentMutation(gctx, { field: 'createTransfer', family: 'account_center', input: plain }, async (ctx) =>
      toGraphQLTransfer(await createTransfer(ctx, plain)),
    );
  }

  @Query(() => TransferConnection, { description: 'Transfers the acting account made or is a party to, newest first' })
  async transfers(
    @Ctx() gctx: GraphQLContext,
    @Arg('first', () => Int, { nullable: true }) first?: number,
    @Arg('after', () => String, { nullable: true }) after?: string,
    @Arg('filter', () => TransferFilter, { nullable: true }) filter?: TransferFilter,
  ): Promise<TransferConnection> {
    const ctx = await gctx.auth();
    const window = connectionWindow(first, after);
    const slice = await findTransfers(
      ctx,
      {
        start_time: iso(filter?.startTime),
        end_time: iso(filter?.endTime),
        transfer_status: filter?.status ?? undefined,
        currency: filter?.currency ?? undefined,
      },
      window,
    );
    return toConnection(slice.items.map(toGraphQLTransfer), window.skip, slice.totalCount);
  }

  @Query(() => Transfer)
  async transfer(@Ctx() gctx: GraphQLContext, @Arg('id', () => ID) id: string): Promise<Transfer> {
    const ctx = await gctx.auth();
    return toGraphQLTransfer(await getTransfer(ctx, id));
  }
}
