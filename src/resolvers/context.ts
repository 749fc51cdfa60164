import type { FastifyRequest } from 'fastify';
import type { Principal, RequestContext } from '../platform/context';
import type { LiveConnection } from '../platform/live/hub';
import type { RenderEventData } from '../platform/events/render';
import { authenticate } from '../platform/auth/authenticate';
import { resolveActingAccount } from '../platform/tenancy/acting-account';
import { buildRequestContext } from '../platform/tenancy/request-context';
import type { RateLimits } from '../platform/runtime/rate-limits';
import type { AppServices } from '../services';
import { createLoaders, type Loaders } from './loaders';

export interface GraphQLContext {
  services: AppServices;
  requestId: string;
  loaders: Loaders;
  idempotencyKey: string | undefined;
  /** payrail's public origin (runtime/public-origin.ts): pages payrail serves itself are linked on it (3-D Secure). */
  origin: string;
  /** Authenticates on first use (introspection needs no token), then returns the same context. */
  auth(): Promise<RequestContext>;
  /** An event's webhook data as the REST door renders it (Event.webhookData), given by the composition root. */
  renderEventData: RenderEventData;
  /** Present on graphql-ws connections only: where subscriptions read events from. */
  live?: LiveConnection;
}

const header = (req: FastifyRequest, name: string): string | undefined => {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
};

/** What a caller presents, over HTTP headers or a WebSocket's connection parameters. */
export interface CallerCredentials {
  /** x-auth-token or Authorization (`Bearer <token>`). */
  authHeader: string | undefined;
  clientId: string | undefined;
  onBehalfOf: string | undefined;
  ip: string;
  requestId: string;
}

/** Step one of signing in: the token and the key behind it (spec 5). */
export function authenticateCaller(services: AppServices, creds: CallerCredentials): Promise<Principal> {
  return authenticate(
    { db: services.db, clock: services.clock, signingKey: services.signer.key },
    { authHeader: creds.authHeader, clientIdHeader: creds.clientId, clientIdRequired: false, ip: creds.ip },
  );
}

/** Step two: the account the caller acts as (itself, or a sub-account named by x-on-behalf-of). */
export async function actingContext(services: AppServices, principal: Principal, creds: CallerCredentials): Promise<RequestContext> {
  const acting = await resolveActingAccount(services, principal, creds.onBehalfOf);
  return buildRequestContext(services, principal, acting, creds.requestId);
}

/**
 * GraphQL takes the token from x-auth-token, as REST does, or from Authorization: Bearer. The first
 * field that needs the caller signs in — the same two steps as a graphql-ws connection
 * (live-access.ts), so a token valid for a query is valid for a subscription and nothing more — and
 * the request counts once against the key's rate limit, between the two.
 */
export function buildGraphQLContext(
  services: AppServices,
  req: FastifyRequest,
  rateLimits: RateLimits,
  originOf: (req: FastifyRequest) => string,
  renderEventData: RenderEventData,
): GraphQLContext {
  let resolved: Promise<RequestContext> | undefined;
  const signInLimited = async (creds: CallerCredentials): Promise<RequestContext> => {
    const principal = await authenticateCaller(services, creds);
    await rateLimits.callByKey(req, principal.clientId);
    return actingContext(services, principal, creds);
  };
  const auth = (): Promise<RequestContext> =>
    (resolved ??= signInLimited({
      authHeader: header(req, 'x-auth-token') ?? header(req, 'authorization'),
      clientId: header(req, 'x-client-id'),
      onBehalfOf: header(req, 'x-on-behalf-of'),
      ip: req.ip,
      requestId: String(req.id),
    }));
  const origin = originOf(req);
  return {
    services,
    requestId: String(req.id),
    loaders: createLoaders(auth, { origin, services }),
    idempotencyKey: header(req, 'x-idempotency-key'),
    origin,
    auth,
    renderEventData,
  };
}
