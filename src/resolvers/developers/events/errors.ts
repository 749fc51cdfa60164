import { DomainError } from '../../../platform/errors/domain-error';

/** A subscription sent where it cannot be served: over HTTP instead of graphql-ws. */
export const liveUnavailable = (): DomainError =>
  new DomainError({
    code: 'subscription_transport',
    message: 'Subscriptions are served over WebSocket (graphql-ws protocol) on /graphql, not over HTTP',
    status: 400,
    kind: 'validation',
  });
