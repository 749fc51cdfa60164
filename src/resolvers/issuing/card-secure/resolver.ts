import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import { cardSecureDeps, createPanToken, revealSecureDetails } from '../../../domain/issuing/card-secure/service';
import type { GraphQLContext } from '../../context';
import { mutation, query } from '../../shared/operations';
import { commandInput } from '../../shared/command-input';
import { CreateCardPanTokenInput, PanToken, SecureCardDetails, toGraphQLPanToken, toGraphQLSecureCardDetails } from './types';
import { areaUserError, payloadType } from '../../shared/user-errors';
import { cardSecureErrors } from '../../../domain/issuing/card-secure/errors';
import { cardErrors } from '../../../domain/issuing/cards/errors';
import { testClockErrors } from '../../../platform/clock/errors';

const CardSecureUserError = areaUserError('CardSecure', [cardSecureErrors, cardErrors, testClockErrors]);
const CreateCardPanTokenPayload = payloadType('CreateCardPanTokenPayload', 'panToken', () => PanToken, CardSecureUserError);

/** CI6 and CI7 over GraphQL: the same services, permission and per-card limit as the REST routes. */
@Resolver()
export class CardSecureResolver {
  @Query(() => SecureCardDetails, { description: 'The full number, CVV and expiry of a card; audited and rate-limited per card' })
  cardSecureDetails(@Ctx() gctx: GraphQLContext, @Arg('cardId', () => ID) cardId: string): Promise<SecureCardDetails> {
    return query(gctx, (ctx) => revealSecureDetails(ctx, cardSecureDeps(gctx.services), cardId, 'GRAPHQL'), toGraphQLSecureCardDetails);
  }

  // Not through the idempotency layer: replaying a token would mean storing it in clear (as REST CI7).
  @Mutation(() => CreateCardPanTokenPayload, { description: 'A single-use PAN token for the card iframe page; audited and rate-limited per card' })
  createCardPanToken(@Arg('input', () => CreateCardPanTokenInput) input: CreateCardPanTokenInput, @Ctx() gctx: GraphQLContext) {
    return mutation(
      gctx,
      { field: 'createCardPanToken', payload: CreateCardPanTokenPayload, family: 'issuance', input: commandInput({ cardId: input.cardId }), idempotent: false },
      (ctx) => createPanToken(ctx, cardSecureDeps(gctx.services), input.cardId, 'GRAPHQL'),
      toGraphQLPanToken,
    );
  }
}
