import { Arg, Args, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import { apiKeyList, createOwnApiKey, disableOwnApiKey, rotateOwnApiKey } from '../../../domain/developers/keys/manage';
import { apiKeyErrors } from '../../../domain/developers/keys/errors';
import { accountErrors } from '../../../domain/onboarding/accounts/errors';
import type { GraphQLContext } from '../../context';
import { commandInput } from '../../shared/command-input';
import { ConnectionArgs } from '../../shared/connection';
import { connection, mutation } from '../../shared/operations';
import { areaUserError, payloadType } from '../../shared/user-errors';
import { ApiKey, ApiKeyConnection, ApiKeyIdInput, apiKeySecretPayload, CreateApiKeyInput, toGraphQLApiKey, toGraphQLApiKeyWithSecret } from './types';

const family = 'account_center' as const;
const keyId = (id: string) => commandInput({ id });

const ApiKeysUserError = areaUserError('ApiKeys', [apiKeyErrors, accountErrors]);
const CreateApiKeyPayload = apiKeySecretPayload('CreateApiKeyPayload', ApiKeysUserError);
const RotateApiKeyPayload = apiKeySecretPayload('RotateApiKeyPayload', ApiKeysUserError);
const DisableApiKeyPayload = payloadType('DisableApiKeyPayload', 'apiKey', () => ApiKey, ApiKeysUserError);

const PERMISSION = 'Needs the calling key\'s DEVELOPERS_API_KEYS_MANAGE permission (a top-level forbidden error without it)';

/** The acting account's API keys over GraphQL (docs/graphql.md "API keys"); operators keep the admin CLI. */
@Resolver()
export class ApiKeysResolver {
  @Query(() => ApiKeyConnection, { description: `The acting account's API keys, newest first, disabled ones included. ${PERMISSION}` })
  apiKeys(@Ctx() gctx: GraphQLContext, @Args(() => ConnectionArgs) page: ConnectionArgs) {
    return connection(gctx, page, apiKeyList, toGraphQLApiKey);
  }

  @Mutation(() => CreateApiKeyPayload, { description: `Creates a key of the acting account; the answer holds its secret, shown once. ${PERMISSION}` })
  createApiKey(@Arg('input', () => CreateApiKeyInput) input: CreateApiKeyInput, @Ctx() gctx: GraphQLContext) {
    return mutation(gctx, { field: 'createApiKey', payload: CreateApiKeyPayload, family, input: commandInput(input) }, (ctx, body) => createOwnApiKey(ctx, body), toGraphQLApiKeyWithSecret);
  }

  @Mutation(() => DisableApiKeyPayload, { description: `Disables a key at once: it no longer exchanges, and its tokens are refused. ${PERMISSION}` })
  disableApiKey(@Arg('input', () => ApiKeyIdInput) input: ApiKeyIdInput, @Ctx() gctx: GraphQLContext) {
    return mutation(gctx, { field: 'disableApiKey', payload: DisableApiKeyPayload, family, input: keyId(input.id) }, (ctx) => disableOwnApiKey(ctx, input.id), toGraphQLApiKey);
  }

  @Mutation(() => RotateApiKeyPayload, {
    description: `Replaces a key: a new one (new client id and secret, the same permissions, addresses and expiry) and the old one disabled. ${PERMISSION}`,
  })
  rotateApiKey(@Arg('input', () => ApiKeyIdInput) input: ApiKeyIdInput, @Ctx() gctx: GraphQLContext) {
    return mutation(gctx, { field: 'rotateApiKey', payload: RotateApiKeyPayload, family, input: keyId(input.id) }, (ctx) => rotateOwnApiKey(ctx, input.id), toGraphQLApiKeyWithSecret);
  }
}
