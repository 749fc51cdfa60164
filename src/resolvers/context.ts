import type { FastifyRequest } from 'fastify';
import type { RequestContext } from '../domain/context';
import { authenticate } from '../domain/auth/authenticate';
import { resolveActingAccount } from '../domain/tenancy/acting-account';
import { buildRequestContext } from '../domain/tenancy/request-context';
import type { AppServices } from '../services';
import { createLoaders, type Loaders } from './loaders';

export interface GraphQLContext {
  services: AppServices;
  requestId: string;
  loaders: Loaders;
  idempotencyKey: string | undefined;
  /** Where the request reached payrail (scheme://host): pages payrail serves itself are linked on it (3-D Secure). */
  origin: string;
  /** Authenticates on first use (introspection needs no token), then returns the same context. */
  auth(): Promise<RequestContext>;
}

const header = (req: FastifyRequest, name: string): string | undefined => {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
};

/** GraphQL takes the token from x-auth-token, as REST does, or from Authorization: Bearer. */
export function buildGraphQLContext(services: AppServices, req: FastifyRequest): GraphQLContext {
  let resolved: Promise<RequestContext> | undefined;
  const auth = (): Promise<RequestContext> =>
    (resolved ??= (async () => {
      const principal = await authenticate(
        { db: services.db, clock: services.clock, signingKey: services.signer.key },
        {
          authHeader: header(req, 'x-auth-token') ?? header(req, 'authorization'),
          clientIdHeader: header(req, 'x-client-id'),
          clientIdRequired: false,
          ip: req.ip,
        },
      );
      const acting = await resolveActingAccount(services, principal, header(req, 'x-on-behalf-of'));
      return buildRequestContext(services, principal, acting, String(req.id));
    })());
  return {
    services,
    requestId: String(req.id),
    loaders: createLoaders(auth),
    idempotencyKey: header(req, 'x-idempotency-key'),
    origin: `${req.protocol}://${req.host}`,
    auth,
  };
}
