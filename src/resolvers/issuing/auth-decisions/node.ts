import { Ctx, FieldResolver, ID, Resolver } from 'type-graphql';
import { getAuthDecisionConfig } from '../../../domain/issuing/auth-decisions/service';
import type { GraphQLContext } from '../../context';
import { derivedId, derivedIdParts, derivedNode, oneByOne } from '../../shared/node';
import { AuthDecisionConfig, toGraphQLAuthDecisionConfig } from './types';

/** One configuration per account, with no row id of its own (none until configured): AuthDecisionConfig:<account id>. */
export const authDecisionConfigNode = derivedNode({
  kind: 'auth_decision_config',
  type: AuthDecisionConfig,
  owns: (ctx, id) => derivedIdParts('AuthDecisionConfig', id, 1)?.[0] === ctx.acting.id,
  find: (ctx, ids, deps) => oneByOne(ids, () => getAuthDecisionConfig(ctx, deps.services)),
  map: toGraphQLAuthDecisionConfig,
});

@Resolver(() => AuthDecisionConfig)
export class AuthDecisionConfigId {
  @FieldResolver(() => ID, { description: 'Formed from the account: AuthDecisionConfig:<account id>; node(id) finds it again' })
  async id(@Ctx() gctx: GraphQLContext): Promise<string> {
    return derivedId('AuthDecisionConfig', (await gctx.auth()).acting.id);
  }
}
