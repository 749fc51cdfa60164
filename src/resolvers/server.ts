import { ApolloServer } from '@apollo/server';
import { ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';
import fastifyApollo, { fastifyApolloDrainPlugin } from '@as-integrations/fastify';
import { ApolloArmor } from '@escape.tech/graphql-armor';
import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../services';
import { buildGraphQLContext, type GraphQLContext } from './context';
import { formatGraphQLError } from './errors';
import { buildGraphQLSchema } from './schema';

/**
 * /graphql: Apollo Server 5 on Fastify. The CDN landing page is off (GraphiQL is served locally at
 * /graphiql), stack traces never leave the server, CSRF prevention is on, and graphql-armor bounds
 * depth, cost and aliases.
 */
export async function registerGraphQL(app: FastifyInstance, services: AppServices): Promise<ApolloServer<GraphQLContext>> {
  const limits = services.config.graphql;
  const armor = new ApolloArmor({
    maxDepth: { n: limits.maxDepth },
    costLimit: { maxCost: limits.maxCost },
    maxAliases: { n: limits.maxAliases },
    blockFieldSuggestion: { enabled: true },
  }).protect();
  const apollo = new ApolloServer<GraphQLContext>({
    schema: await buildGraphQLSchema(),
    plugins: [fastifyApolloDrainPlugin(app), ApolloServerPluginLandingPageDisabled(), ...armor.plugins],
    validationRules: armor.validationRules,
    allowBatchedHttpRequests: false,
    includeStacktraceInErrorResponses: false,
    csrfPrevention: true,
    // main.ts owns shutdown; Apollo's own handler would re-raise the signal and kill the process
    // before in-flight requests finish and the database stops.
    stopOnTerminationSignals: false,
    formatError: formatGraphQLError,
  });
  await apollo.start();
  await app.register(fastifyApollo(apollo), {
    path: '/graphql',
    context: async (req) => buildGraphQLContext(services, req),
  });
  return apollo;
}
