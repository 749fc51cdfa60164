import 'reflect-metadata';
import type { GraphQLSchema } from 'graphql';
import { buildSchema, type ClassType, type NonEmptyArray, type PubSub } from 'type-graphql';
import { RESOLVERS } from './areas';
import { withScopes } from './shared/scope';
import { NodeResolver } from './nodes';
import { indexMutationSecrets } from './shared/sensitive';

/** Every resolver of every area (gathered from the areas' doors by `npm run areas`); the schema is exported to schema.graphql by the build. */
export { RESOLVERS };

/**
 * type-graphql refuses a schema with subscriptions unless given a PubSub, even when every
 * subscription brings its own subscribe function, as ours do (events come from the outbox through
 * the process's LiveHub, never from an in-memory topic). This one is never called.
 */
const NO_PUBSUB: PubSub = {
  publish() {
    throw new Error('payrail subscriptions read the outbox; nothing publishes to a PubSub');
  },
  subscribe() {
    throw new Error('payrail subscriptions read the outbox; nothing subscribes to a PubSub');
  },
};

function nonEmpty(resolvers: ClassType[]): NonEmptyArray<ClassType> {
  const [first, ...rest] = resolvers;
  if (!first) throw new Error('no area has a resolver');
  return [first, ...rest];
}

export async function buildGraphQLSchema(): Promise<GraphQLSchema> {
  // Input validation is the domain's job (zod), not class-validator's.
  const schema = await buildSchema({ resolvers: nonEmpty([...RESOLVERS, NodeResolver]), validate: false, pubSub: NO_PUBSUB });
  indexMutationSecrets(schema);
  // Fields under account(id) and Account's lists run as that account (shared/scope.ts).
  return withScopes(schema);
}
