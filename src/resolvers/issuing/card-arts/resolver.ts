import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import { listCardArts } from '../../../domain/issuing/card-arts/queries';
import { setDefaultCardArt } from '../../../domain/issuing/card-arts/service';
import type { GraphQLContext } from '../../context';
import { mutation, query } from '../../shared/operations';
import { commandInput } from '../../shared/command-input';
import { CardArtList, DefaultCardArt, SetDefaultCardArtInput, toGraphQLCardArtList, toGraphQLDefaultCardArt } from './types';
import { areaUserError, payloadType } from '../../shared/user-errors';
import { cardArtErrors } from '../../../domain/issuing/card-arts/errors';
import { cardErrors } from '../../../domain/issuing/cards/errors';
import { testClockErrors } from '../../../platform/clock/errors';

const CardArtsUserError = areaUserError('CardArts', [cardArtErrors, cardErrors, testClockErrors]);
const SetDefaultCardArtPayload = payloadType('SetDefaultCardArtPayload', 'defaultCardArt', () => DefaultCardArt, CardArtsUserError);

/** The official clients' listArts and setDefaultArt over GraphQL: the same domain as the REST routes. */
@Resolver()
export class CardArtsResolver {
  @Query(() => CardArtList, { description: "The card arts of the acting account's tree (of one product when given), with the one new cards get" })
  cardArts(@Ctx() gctx: GraphQLContext, @Arg('cardProductId', () => ID, { nullable: true }) cardProductId?: string): Promise<CardArtList> {
    return query(gctx, (ctx, input) => listCardArts(ctx, input), toGraphQLCardArtList, commandInput({ cardProductId }));
  }

  @Mutation(() => SetDefaultCardArtPayload, { description: "Chooses the art the acting account's new cards get" })
  setDefaultCardArt(@Arg('input', () => SetDefaultCardArtInput) input: SetDefaultCardArtInput, @Ctx() gctx: GraphQLContext) {
    return mutation(gctx, { field: 'setDefaultCardArt', payload: SetDefaultCardArtPayload, family: 'issuance', input: commandInput(input) }, (ctx, body) => setDefaultCardArt(ctx, body), toGraphQLDefaultCardArt);
  }
}
