import { Arg, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root, Args } from 'type-graphql';
import { ConnectionArgs, type ConnectionValue } from '../../shared/connection';
import { Card, CardConnection, toGraphQLCard } from '../cards/types';
import { holderCardsOrder } from '../../../domain/issuing/cards/queries';
import { cardholderList, getCardholder } from '../../../domain/issuing/cardholders/queries';
import { createCardholder, updateCardholder } from '../../../domain/issuing/cardholders/service';
import type { GraphQLContext } from '../../context';
import { connection, connectionOfAll, mutation, query, lookup } from '../../shared/operations';
import { commandInput } from '../../shared/command-input';
import { Cardholder, CardholderConnection, CardholderFilter, CreateCardholderInput, toGraphQLCardholder, UpdateCardholderInput } from './types';
import { areaUserError, payloadType } from '../../shared/user-errors';
import { cardholderErrors } from '../../../domain/issuing/cardholders/errors';
import { cardErrors } from '../../../domain/issuing/cards/errors';
import { fileErrors } from '../../../domain/onboarding/files/errors';
import { testClockErrors } from '../../../platform/clock/errors';

const CardholdersUserError = areaUserError('Cardholders', [cardholderErrors, cardErrors, fileErrors, testClockErrors]);
const CreateCardholderPayload = payloadType('CreateCardholderPayload', 'cardholder', () => Cardholder, CardholdersUserError);
const UpdateCardholderPayload = payloadType('UpdateCardholderPayload', 'cardholder', () => Cardholder, CardholdersUserError);

/** CI14-CI17 over GraphQL: the same domain services as the REST routes. */
@Resolver(() => Cardholder)
export class CardholdersResolver {
  @FieldResolver(() => CardConnection, { description: 'The cards of the holder in any status, newest first (one read for every holder of the request)' })
  async cards(@Root() holder: Cardholder, @Ctx() gctx: GraphQLContext, @Args(() => ConnectionArgs) page: ConnectionArgs): Promise<ConnectionValue<Card>> {
    return connectionOfAll(page, holderCardsOrder, await gctx.loaders.cardsByCardholderId.load(holder.id), toGraphQLCard);
  }

  @Query(() => CardholderConnection, { description: "The acting account's cardholders, newest first" })
  cardholders(
    @Ctx() gctx: GraphQLContext,
    @Args(() => ConnectionArgs) page: ConnectionArgs,
    @Arg('filter', () => CardholderFilter, { nullable: true }) filter?: CardholderFilter,
  ) {
    return connection(gctx, page, cardholderList, toGraphQLCardholder(gctx.origin), commandInput(filter));
  }

  @Query(() => Cardholder, { nullable: true, description: 'One cardholder of the acting account' })
  cardholder(@Ctx() gctx: GraphQLContext, @Arg('id', () => ID) id: string): Promise<Cardholder | null> {
    return lookup(gctx, (ctx) => getCardholder(ctx, id), toGraphQLCardholder(gctx.origin));
  }

  @Mutation(() => CreateCardholderPayload, { description: 'Creates a cardholder; kycVerification starts a simulated identity check' })
  createCardholder(@Arg('input', () => CreateCardholderInput) input: CreateCardholderInput, @Ctx() gctx: GraphQLContext) {
    return mutation(gctx, { field: 'createCardholder', payload: CreateCardholderPayload, family: 'issuance', input: commandInput(input) }, createCardholder, toGraphQLCardholder(gctx.origin));
  }

  @Mutation(() => UpdateCardholderPayload, { description: 'Changes a cardholder; kycVerification starts a new identity check' })
  updateCardholder(@Arg('input', () => UpdateCardholderInput) input: UpdateCardholderInput, @Ctx() gctx: GraphQLContext) {
    const { id, ...changes } = input;
    return mutation(
      gctx,
      { field: 'updateCardholder', payload: UpdateCardholderPayload, family: 'issuance', input: commandInput(changes), target: id },
      (ctx, body) => updateCardholder(ctx, id, body),
      toGraphQLCardholder(gctx.origin),
    );
  }
}
