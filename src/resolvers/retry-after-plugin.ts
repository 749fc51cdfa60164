import type { ApolloServerPlugin } from '@apollo/server';
import type { GraphQLContext } from './context';

/**
 * An answer whose errors say when to try again (extensions.retryAfter, a rate limit) carries
 * `Retry-After`; when the request itself was refused for its rate (code rate_limited: nothing ran)
 * the HTTP status is 429, as on the REST door, so proxies and clients that read only the status
 * back off too.
 */
export const retryAfterPlugin = (): ApolloServerPlugin<GraphQLContext> => ({
  async requestDidStart() {
    return {
      async willSendResponse({ response }) {
        if (response.body.kind !== 'single') return;
        const errors = response.body.singleResult.errors ?? [];
        let retryAfter: number | undefined;
        let refused = false;
        for (const e of errors) {
          const after = e.extensions?.retryAfter;
          if (typeof after === 'number') retryAfter = Math.max(retryAfter ?? 0, after);
          if (e.extensions?.code === 'rate_limited') refused = true;
        }
        if (retryAfter === undefined) return;
        response.http.headers.set('retry-after', String(retryAfter));
        if (refused) response.http.status = 429;
      },
    };
  },
});
