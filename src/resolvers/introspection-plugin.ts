import type { ApolloServerPlugin } from '@apollo/server';
import { GraphQLError, visit, type DocumentNode } from 'graphql';
import { isDomainError } from '../platform/errors/domain-error';
import type { GraphQLContext } from './context';
import { toGraphQLError } from './errors';

/** Documents Apollo parsed once are the same object on every request: each is walked once. */
const asksForSchema = new WeakMap<DocumentNode, boolean>();

function introspects(document: DocumentNode): boolean {
  let found = asksForSchema.get(document);
  if (found !== undefined) return found;
  found = false;
  visit(document, {
    Field(node) {
      if (node.name.value === '__schema' || node.name.value === '__type') found = true;
    },
  });
  asksForSchema.set(document, found);
  return found;
}

/**
 * Production mode: the schema is told only to a caller with a valid token. A document that asks for
 * `__schema` or `__type` signs in first, as a resolver would, and is refused before it runs when the
 * sign-in fails, with the sign-in's own error and status. `__typename` is no introspection of the
 * schema and needs nothing.
 */
export function introspectionNeedsTokenPlugin(): ApolloServerPlugin<GraphQLContext> {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ document, contextValue }) {
          if (!introspects(document)) return;
          try {
            await contextValue.auth();
          } catch (e) {
            if (!isDomainError(e)) throw e;
            throw new GraphQLError(e.message, { originalError: e, extensions: { ...toGraphQLError(e).extensions, http: { status: e.status } } });
          }
        },
      };
    },
  };
}
