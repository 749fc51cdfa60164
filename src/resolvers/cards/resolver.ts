import { Arg, Ctx, ID, Int, Mutation, Query, Resolver } from 'type-graphql';
import { cardList, getCard } from '../../domain/cards/queries';
import { createCard, updateCardStatus } from '../../domain/cards/service';
import type { GraphQLContext } from '../context';
import { connection, mutation, query } from '../shared/operations';
import { wireInput } from '../shared/wire-input';
import { Card, CardConnection, CardFilter, CreateCardInput, type RiskControlsInput, toGraphQLCard, UpdateCardStatusInput } from './types';

const riskControlsOnWire = (r: RiskControlsInput): Record<string, unknown> =>
  Object.fromEntries(
    Object.entries({ enable_3ds: r.enable3ds, allow_3ds_transactions: r.allow3dsTransactions, allowed_mcc: r.allowedMcc, blocked_mcc: r.blockedMcc }).filter(
      ([, v]) => v !== undefined,
    ),
  );

/** CI1, CI2, CI3 and CI5 over GraphQL: the same domain services as the REST routes. */
@Resolver()
export class CardsResolver {
  @Query(() => CardConnection, { description: "The acting account's cards, newest first" })
  cards(
    @Ctx() gctx: GraphQLContext,
    @Arg('first', () => Int, { nullable: true }) first?: number,
    @Arg('after', () => String, { nullable: true }) after?: string,
    @Arg('filter', () => CardFilter, { nullable: true }) filter?: CardFilter,
  ) {
    return connection(gctx, { first, after }, cardList, toGraphQLCard, wireInput(filter, { rename: { status: 'card_status' } }));
  }

  @Query(() => Card, { description: 'One card of the acting account' })
  card(@Ctx() gctx: GraphQLContext, @Arg('id', () => ID) id: string): Promise<Card> {
    return query(gctx, (ctx) => getCard(ctx, id), toGraphQLCard);
  }

  @Mutation(() => Card, { description: 'Issues a card; its order completes on the clock (PENDING, PROCESSING, SUCCESS)' })
  createCard(@Arg('input', () => CreateCardInput) input: CreateCardInput, @Ctx() gctx: GraphQLContext): Promise<Card> {
    // metadata is the caller's own JSON: its keys are kept as sent, not renamed to snake_case.
    // The 3DS names hold a digit, which the mechanical snake_case does not split.
    const body = wireInput(input, { values: { metadata: (v) => v, riskControls: (v) => riskControlsOnWire(v as RiskControlsInput) } });
    return mutation(gctx, { field: 'createCard', family: 'issuance', input: body }, (ctx, b) => createCard(ctx, gctx.services, b), toGraphQLCard);
  }

  @Mutation(() => Card, { description: 'Freezes, unfreezes or cancels a card; CANCELLED is final' })
  updateCardStatus(@Arg('input', () => UpdateCardStatusInput) input: UpdateCardStatusInput, @Ctx() gctx: GraphQLContext): Promise<Card> {
    const { id, ...change } = input;
    return mutation(
      gctx,
      { field: 'updateCardStatus', family: 'issuance', input: wireInput(change, { rename: { status: 'card_status' } }) },
      (ctx, body) => updateCardStatus(ctx, id, body),
      toGraphQLCard,
    );
  }
}
