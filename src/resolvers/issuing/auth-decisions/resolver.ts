import { Arg, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import { configureAuthDecision, getAuthDecisionConfig } from '../../../domain/issuing/auth-decisions/service';
import type { GraphQLContext } from '../../context';
import { mutation, query } from '../../shared/operations';
import { commandInput } from '../../shared/command-input';
import { AuthDecisionConfig, ConfigureAuthDecisionInput, toGraphQLAuthDecisionConfig } from './types';
import { areaUserError, payloadType } from '../../shared/user-errors';
import { testClockErrors } from '../../../platform/clock/errors';

const AuthDecisionsUserError = areaUserError('AuthDecisions', [testClockErrors]);
const ConfigureAuthDecisionPayload = payloadType('ConfigureAuthDecisionPayload', 'authDecisionConfig', () => AuthDecisionConfig, AuthDecisionsUserError);

/** Authorization decisions over GraphQL: the same services as GET and POST /v1/issuing/auth_decision. */
@Resolver()
export class AuthDecisionsResolver {
  @Query(() => AuthDecisionConfig, { description: "The acting account's authorization decision configuration and payrail's public key" })
  authDecisionConfig(@Ctx() gctx: GraphQLContext): Promise<AuthDecisionConfig> {
    return query(gctx, (ctx) => getAuthDecisionConfig(ctx, gctx.services), toGraphQLAuthDecisionConfig);
  }

  @Mutation(() => ConfigureAuthDecisionPayload, { description: 'Configures the authorization decision endpoint, or turns it off with enabled: false' })
  configureAuthDecision(@Arg('input', () => ConfigureAuthDecisionInput) input: ConfigureAuthDecisionInput, @Ctx() gctx: GraphQLContext) {
    return mutation(gctx, { field: 'configureAuthDecision', payload: ConfigureAuthDecisionPayload, family: 'issuance', input: commandInput(input) }, (ctx, body) => configureAuthDecision(ctx, gctx.services, body), toGraphQLAuthDecisionConfig);
  }
}
