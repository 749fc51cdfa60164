import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import { getIssuingTransfer } from '../../../domain/issuing/transfers/queries';
import { createIssuingTransfer } from '../../../domain/issuing/transfers/service';
import type { GraphQLContext } from '../../context';
import { mutation, query, lookup } from '../../shared/operations';
import { commandInput } from '../../shared/command-input';
import { CreateIssuingTransferInput, IssuingTransfer, toGraphQLIssuingTransfer } from './types';
import { areaUserError, payloadType } from '../../shared/user-errors';
import { issuingTransferErrors } from '../../../domain/issuing/transfers/errors';
import { issuingBalanceErrors } from '../../../domain/issuing/balances/errors';
import { cardErrors } from '../../../domain/issuing/cards/errors';
import { accountErrors } from '../../../domain/onboarding/accounts/errors';
import { fileErrors } from '../../../domain/onboarding/files/errors';
import { testClockErrors } from '../../../platform/clock/errors';

const IssuingTransfersUserError = areaUserError('IssuingTransfers', [issuingTransferErrors, issuingBalanceErrors, cardErrors, accountErrors, fileErrors, testClockErrors]);
const CreateIssuingTransferPayload = payloadType('CreateIssuingTransferPayload', 'issuingTransfer', () => IssuingTransfer, IssuingTransfersUserError);

/** CI24 and CI25 over GraphQL. */
@Resolver()
export class IssuingTransfersResolver {
  @Query(() => IssuingTransfer, { nullable: true, description: 'An issuing transfer the acting account made or is a party to' })
  issuingTransfer(@Ctx() gctx: GraphQLContext, @Arg('id', () => ID) id: string): Promise<IssuingTransfer | null> {
    return lookup(gctx, (ctx) => getIssuingTransfer(ctx, id), toGraphQLIssuingTransfer);
  }

  @Mutation(() => CreateIssuingTransferPayload, { description: 'Moves money between two issuing balances of one tree; COMPLETED at once' })
  createIssuingTransfer(@Arg('input', () => CreateIssuingTransferInput) input: CreateIssuingTransferInput, @Ctx() gctx: GraphQLContext) {
    return mutation(gctx, { field: 'createIssuingTransfer', payload: CreateIssuingTransferPayload, family: 'issuance', input: commandInput(input, { jsonNumbers: ['amount'] }) }, (ctx, body) => createIssuingTransfer(ctx, body), toGraphQLIssuingTransfer);
  }
}
