import { ApolloServer } from '@apollo/server';
import { ApolloServerPluginCacheControlDisabled, ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';
import fastifyApollo, { fastifyApolloDrainPlugin } from '@as-integrations/fastify';
import { ApolloArmor } from '@escape.tech/graphql-armor';
import type { FastifyInstance } from 'fastify';
import type { RateLimits } from '../platform/runtime/rate-limits';
import type { AppServices } from '../services';
import { buildGraphQLContext, type GraphQLContext } from './context';
import { formatGraphQLError } from './errors';
import { buildGraphQLSchema } from './schema';
import { toolsAreOpen } from '../platform/runtime/production-mode';
import { linkOrigin } from '../platform/runtime/public-origin';
import { introspectionNeedsTokenPlugin } from './introspection-plugin';
import { costPlugin } from './cost';
import { noStorePlugin } from './no-store-plugin';
import { requestIdPlugin } from './request-id-plugin';
import { retryAfterPlugin } from './retry-after-plugin';
import { textInputPlugin } from './text-input-plugin';
import { installGraphQLUploads } from './onboarding/files/upload';
import type { RenderEventData } from '../platform/events/render';
import { createLiveHub, registerLiveGraphQL } from './live-server';

export const GRAPHQL_PATH = '/graphql';

/** Documents longer than this many tokens are refused before they are parsed further. */
export const MAX_DOCUMENT_TOKENS = 1000;

/**
 * /graphql: Apollo Server 5 on Fastify. The CDN landing page is off (GraphiQL is served locally at
 * /graphiql in sandbox mode), stack traces never leave the server, CSRF prevention is on, and
 * graphql-armor bounds depth and aliases, and cost.ts the cost (page sizes multiply, reported in
 * `extensions.cost`).
 *
 * The token limit is graphql-js's own parse option, not armor's max-tokens plugin: that plugin
 * parses the document a second time inside Apollo's parsingDidStart hook, where any throw — every
 * syntax error, not just the limit — is an unexpected error Apollo answers with HTTP 500. Parse
 * failures raised by Apollo's own parse step are GRAPHQL_PARSE_FAILED with HTTP 400.
 */
export async function registerGraphQL(
  app: FastifyInstance,
  services: AppServices,
  opts: { onLiveSubscribers?: (n: number) => void; rateLimits: RateLimits; renderEventData: RenderEventData },
): Promise<ApolloServer<GraphQLContext>> {
  const limits = services.config.graphql;
  const armor = new ApolloArmor({
    maxDepth: { n: limits.maxDepth },
    // The cost is counted by cost.ts, which reads page sizes through variables and reports it.
    costLimit: { enabled: false },
    maxAliases: { n: limits.maxAliases },
    maxTokens: { enabled: false },
    blockFieldSuggestion: { enabled: true },
  }).protect();
  const schema = await buildGraphQLSchema();
  const originOf = linkOrigin(services.config);
  const apollo = new ApolloServer<GraphQLContext>({
    schema,
    // Cache control is off: payrail's answers are per caller and never cached by HTTP caches, and
    // the plugin's willResolveField hook made Apollo wrap every field resolver (measured in
    // docs/performance.md: ~5% of a 50-payout list's CPU).
    plugins: [
      fastifyApolloDrainPlugin(app),
      ApolloServerPluginLandingPageDisabled(),
      ApolloServerPluginCacheControlDisabled(),
      ...armor.plugins,
      costPlugin(limits.maxCost),
      textInputPlugin(),
      noStorePlugin(),
      retryAfterPlugin(),
      requestIdPlugin(),
      ...(toolsAreOpen(services.config) ? [] : [introspectionNeedsTokenPlugin()]),
    ],
    // Explicit, not NODE_ENV's default: GraphiQL (/graphiql) loads the schema by introspection. In
    // sandbox mode the schema is as public as the OpenAPI document; in production only a caller with
    // a token is told it (introspection-plugin.ts).
    introspection: true,
    validationRules: armor.validationRules,
    parseOptions: { maxTokens: MAX_DOCUMENT_TOKENS },
    allowBatchedHttpRequests: false,
    includeStacktraceInErrorResponses: false,
    csrfPrevention: true,
    // main.ts owns shutdown; Apollo's own handler would re-raise the signal and kill the process
    // before in-flight requests finish and the database stops.
    stopOnTerminationSignals: false,
    formatError: formatGraphQLError,
  });
  await apollo.start();
  installGraphQLUploads(app, GRAPHQL_PATH);
  await app.register(fastifyApollo(apollo), {
    path: GRAPHQL_PATH,
    context: async (req) => buildGraphQLContext(services, req, opts.rateLimits, originOf, opts.renderEventData),
  });
  // Subscriptions: graphql-ws on the same path, fed by this process's outbox reader.
  registerLiveGraphQL(app, services, {
    path: GRAPHQL_PATH,
    schema,
    validationRules: armor.validationRules,
    maxCost: limits.maxCost,
    maxTokens: MAX_DOCUMENT_TOKENS,
    hub: createLiveHub(services, app, opts.onLiveSubscribers ?? (() => undefined)),
    renderEventData: opts.renderEventData,
  });
  return apollo;
}
