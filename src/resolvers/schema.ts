import 'reflect-metadata';
import type { GraphQLSchema } from 'graphql';
import { buildSchema } from 'type-graphql';
import { AccountResolver } from './accounts/resolver';

/** Every resolver of every area; the schema is exported to schema.graphql by the build. */
export const RESOLVERS = [AccountResolver] as const;

export function buildGraphQLSchema(): Promise<GraphQLSchema> {
  // Input validation is the domain's job (zod), not class-validator's.
  return buildSchema({ resolvers: [...RESOLVERS], validate: false });
}
