import type { ApolloServerPlugin } from '@apollo/server';
import type { GraphQLContext } from './context';
import { selectsSecret } from './shared/sensitive';

/**
 * `cache-control: no-store` on an HTTP answer whose operation selects a field marked as a secret
 * (shared/sensitive.ts): a full card number, a CVV, a PAN token, an activation code, a signing
 * secret, a PIN key. The marks decide, so a new secret field needs no resolver to remember it.
 */
export const noStorePlugin = (): ApolloServerPlugin<GraphQLContext> => ({
  async requestDidStart() {
    return {
      async willSendResponse({ document, schema, response }) {
        if (document && selectsSecret(schema, document)) response.http.headers.set('cache-control', 'no-store');
      },
    };
  },
});
