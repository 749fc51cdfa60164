import type { ApolloServerPlugin } from '@apollo/server';
import type { GraphQLContext } from './context';

/** `cache-control: no-store` on an HTTP answer a resolver marked as carrying a secret (gctx.noStore). */
export const noStorePlugin = (): ApolloServerPlugin<GraphQLContext> => ({
  async requestDidStart() {
    return {
      async willSendResponse({ contextValue, response }) {
        if (contextValue.noStore) response.http.headers.set('cache-control', 'no-store');
      },
    };
  },
});
