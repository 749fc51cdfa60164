import { Arg, Ctx, ID, Mutation, Query, Resolver, Args } from 'type-graphql';
import { ConnectionArgs } from '../../shared/connection';
import { getTransfer, transferList } from '../../../domain/wallet/transfers/queries';
import { createTransfer } from '../../../domain/wallet/transfers/service';
import type { GraphQLContext } from '../../context';
import { connection, mutation, query, lookup } from '../../shared/operations';
import { commandInput } from '../../shared/command-input';
import { CreateTransferInput, toGraphQLTransfer, Transfer, TransferConnection, TransferFilter } from './types';
import { areaUserError, payloadType } from '../../shared/user-errors';
import { transferErrors } from '../../../domain/wallet/transfers/errors';
import { accountErrors } from '../../../domain/onboarding/accounts/errors';
import { fileErrors } from '../../../domain/onboarding/files/errors';
import { testClockErrors } from '../../../platform/clock/errors';

const TransfersUserError = areaUserError('Transfers', [transferErrors, accountErrors, fileErrors, testClockErrors]);
const CreateTransferPayload = payloadType('CreateTransferPayload', 'transfer', () => Transfer, TransfersUserError);

/** BT6-BT8 over GraphQL: the same domain services as the REST routes. */
@Resolver()
export class TransfersResolver {
  @Mutation(() => CreateTransferPayload, { description: 'Moves money between two accounts of the acting tree' })
  createTransfer(@Arg('input', () => CreateTransferInput) input: CreateTransferInput, @Ctx() gctx: GraphQLContext) {
    return mutation(gctx, { field: 'createTransfer', payload: CreateTransferPayload, family: 'account_center', input: commandInput(input) }, createTransfer, toGraphQLTransfer);
  }

  @Query(() => TransferConnection, { description: 'Transfers the acting account made or is a party to, newest first' })
  transfers(
    @Ctx() gctx: GraphQLContext,
    @Args(() => ConnectionArgs) page: ConnectionArgs,
    @Arg('filter', () => TransferFilter, { nullable: true }) filter?: TransferFilter,
  ) {
    return connection(gctx, page, transferList, toGraphQLTransfer, commandInput(filter));
  }

  @Query(() => Transfer, { nullable: true, description: 'One transfer the acting account made or is a party to' })
  transfer(@Ctx() gctx: GraphQLContext, @Arg('id', () => ID) id: string): Promise<Transfer | null> {
    return lookup(gctx, (ctx) => getTransfer(ctx, id), toGraphQLTransfer);
  }
}
