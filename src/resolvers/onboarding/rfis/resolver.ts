import { Arg, Ctx, ID, Mutation, Query, Resolver, Args } from 'type-graphql';
import { ConnectionArgs } from '../../shared/connection';
import { fileSettings } from '../../../domain/onboarding/files/settings';
import { getRfi, rfiList } from '../../../domain/onboarding/rfis/queries';
import { answerRfi } from '../../../domain/onboarding/rfis/service';
import type { GraphQLContext } from '../../context';
import { connection, mutation, query, lookup } from '../../shared/operations';
import { commandInput } from '../../shared/command-input';
import { AnswerRfiInput, Rfi, RfiConnection, RfiFilter, toGraphQLRfi } from './types';
import { areaUserError, payloadType } from '../../shared/user-errors';
import { rfiErrors } from '../../../domain/onboarding/rfis/errors';
import { fileErrors } from '../../../domain/onboarding/files/errors';
import { accountErrors } from '../../../domain/onboarding/accounts/errors';

const RfisUserError = areaUserError('Rfis', [rfiErrors, fileErrors, accountErrors]);
const AnswerRfiPayload = payloadType('AnswerRfiPayload', 'rfi', () => Rfi, RfisUserError);

/** RFIs over GraphQL: the same domain services as the REST routes. */
@Resolver()
export class RfisResolver {
  @Query(() => RfiConnection, {
    description: 'Requests for information about the acting account (and, for a master acting as itself, its sub-accounts), newest first',
  })
  rfis(
    @Ctx() gctx: GraphQLContext,
    @Args(() => ConnectionArgs) page: ConnectionArgs,
    @Arg('filter', () => RfiFilter, { nullable: true }) filter?: RfiFilter,
  ) {
    return connection(gctx, page, rfiList(() => fileSettings(gctx.services)), toGraphQLRfi(gctx.origin), commandInput(filter));
  }

  @Query(() => Rfi, { nullable: true, description: 'One of the acting account\'s; null for an unknown or another account\'s id' })
  rfi(@Ctx() gctx: GraphQLContext, @Arg('id', () => ID) id: string): Promise<Rfi | null> {
    return lookup(gctx, (ctx) => getRfi(ctx, fileSettings(gctx.services), id), toGraphQLRfi(gctx.origin));
  }

  @Mutation(() => AnswerRfiPayload, { description: 'Answers a request for information; the compliance team reviews the answers a minute later' })
  answerRfi(@Arg('input', () => AnswerRfiInput) input: AnswerRfiInput, @Ctx() gctx: GraphQLContext) {
    return mutation(
      gctx,
      { field: 'answerRfi', payload: AnswerRfiPayload, family: 'account_center', input: commandInput(input) },
      (ctx, body) => answerRfi(ctx, fileSettings(gctx.services), body),
      toGraphQLRfi(gctx.origin),
    );
  }
}
