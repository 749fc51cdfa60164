import type { ApolloServerPlugin } from '@apollo/server';
import type { GraphQLContext } from './context';

/**
 * Every top-level error names the request it belongs to (`extensions.requestId`, the same id as the
 * `x-request-id` header and the logs), so a client reporting one gives what support looks up.
 * userErrors are data, not faults, and carry none.
 */
export const requestIdPlugin = (): ApolloServerPlugin<GraphQLContext> => ({
  async requestDidStart({ contextValue }) {
    return {
      async willSendResponse({ response }) {
        if (response.body.kind !== 'single') return;
        const result = response.body.singleResult;
        if (!result.errors?.length) return;
        result.errors = result.errors.map((e) => ({ ...e, extensions: { ...e.extensions, requestId: contextValue.requestId } }));
      },
    };
  },
});
