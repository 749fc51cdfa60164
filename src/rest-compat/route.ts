import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { DomainError, Family } from '../platform/errors/domain-error';
import { isDomainError } from '../platform/errors/domain-error';
import type { FieldNamer } from '../platform/errors/field-names';
import { platformErrors } from '../platform/errors/platform-errors';
import type { RequestContext } from '../platform/context';
import { authenticate } from '../platform/auth/authenticate';
import { resolveActingAccount } from '../platform/tenancy/acting-account';
import { buildRequestContext } from '../platform/tenancy/request-context';
import { checkKeyFormat, opaqueKeyOf } from '../platform/idempotency/key-format';
import { tokenizeMarkedMembers } from '../platform/idempotency/fingerprint';
import { runIdempotent } from '../platform/idempotency/layer';
import { membersMarked, withoutMembers } from '../platform/validation/sensitive';
import type { Permission } from '../platform/auth/permissions';
import type { AppServices } from '../services';
import { renderError, type RenderedBody } from './envelopes';
import { toJsonText } from './json';
import { routeRegistry, type BodyKind, type HeaderDoc } from './registry';
import { inDomainNames, withAliases, type Aliases } from './shared/aliases';

/** What a handler returns: the presented wire body and its status (200 unless stated). */
export interface RestResult {
  status?: number;
  body: unknown;
  /** A download instead of JSON (CI27, a GET: never through the idempotency layer, which stores JSON). */
  file?: RestFile;
}

export interface RestFile {
  contentType: string;
  fileName: string;
  data: Buffer;
}

function sendFile(reply: FastifyReply, file: RestFile): FastifyReply {
  return reply
    .code(200)
    .header('content-type', file.contentType)
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .send(file.data);
}

export interface RestInput {
  body: unknown;
  params: Record<string, string>;
  query: Record<string, string | string[] | undefined>;
  request: FastifyRequest;
}

interface RouteBase {
  method: 'GET' | 'POST' | 'DELETE';
  /** Relative to /api, as the specification writes it. */
  path: string;
  family: Family;
  summary: string;
  tag: string;
  /** Body encodings the route accepts; JSON only unless stated. */
  accepts?: BodyKind[];
  /** Headers the route reads beyond the common ones (x-auth-token, x-client-id, x-idempotency-key, x-on-behalf-of). */
  headers?: HeaderDoc[];
  /** Query-string schemas (wire names), for the OpenAPI document. */
  query?: z.ZodType[];
  /**
   * The body schema the domain parses with (wire names), for the OpenAPI document. Members marked
   * `sensitiveInput` (src/platform/validation/sensitive.ts) are tokenized in idempotency fingerprints.
   */
  body?: z.ZodType;
  /**
   * The 200 answer's schema: the presenter's output type. An answer with a member marked
   * `secretAnswer` is sent with `Cache-Control: no-store`, and the copy kept for idempotent replays
   * leaves that member out (the secret is shown once).
   */
  response?: z.ZodType;
  /** The 200 answer's media type when it is not JSON (a download). */
  produces?: string;
}

export interface PublicRoute extends RouteBase {
  handler: (services: AppServices, input: RestInput) => Promise<RestResult>;
}

export interface AuthenticatedRoute extends RouteBase {
  /** Spec 4.0: x-client-id is required on the payment endpoints. */
  clientId?: 'required' | 'optional';
  /**
   * required: the spec lists x-idempotency-key (I); optional: applied when the header is sent (i).
   * Defaults: POST optional, GET none.
   */
  idempotency?: 'required' | 'optional' | 'none';
  /**
   * Which requests take the official clients' per-endpoint opaque key contract instead of the
   * family's (any 1-64 characters, scoped to the acting account; key-format.ts).
   */
  opaqueIdempotencyKey?: (body: unknown) => boolean;
  permission?: Permission;
  /**
   * Members of the body that also arrive under another name (`number` for `card_number`): renamed
   * to the domain's names before the idempotency fingerprint and the handler see the body, and a
   * refused field is named as it was sent (shared/aliases.ts).
   */
  aliases?: Aliases;
  /**
   * How the route's errors name a domain field on the wire, for routes whose body the domain reads
   * as a command in its own names (shared/command.ts).
   */
  names?: FieldNamer;
  handler: (ctx: RequestContext, input: RestInput) => Promise<RestResult>;
}

/** The handler whose errors name the fields as `names` says. */
function namingFields(names: FieldNamer, handler: AuthenticatedRoute['handler']): AuthenticatedRoute['handler'] {
  return async (ctx, input) => {
    try {
      return await handler(ctx, input);
    } catch (e) {
      throw isDomainError(e) ? e.renamed(names) : e;
    }
  };
}

const header = (req: FastifyRequest, name: string): string | undefined => {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
};

function inputOf(req: FastifyRequest): RestInput {
  return {
    body: req.body,
    params: (req.params ?? {}) as Record<string, string>,
    query: (req.query ?? {}) as Record<string, string | string[] | undefined>,
    request: req,
  };
}

export function sendJson(reply: FastifyReply, status: number, body: string): FastifyReply {
  return reply.code(status).header('content-type', 'application/json; charset=utf-8').send(body);
}

/** Renders any thrown value in the route's family; unexpected ones become the family's 500. */
export function sendError(reply: FastifyReply, family: Family, error: unknown): FastifyReply {
  return sendRendered(reply, error, (e) => renderError(family, e));
}

/** Renders any thrown value with a door's renderer; unexpected ones are logged and become its 500. */
export function sendRendered(reply: FastifyReply, error: unknown, render: (e: DomainError) => RenderedBody): FastifyReply {
  const domain = isDomainError(error) ? error : platformErrors.internal();
  if (!isDomainError(error) || domain.status >= 500) {
    reply.request.log.error({ err: (domain.cause as Error | undefined) ?? error }, 'request failed');
  }
  const rendered = render(domain);
  if (rendered.undeclared) reply.request.log.error({ code: domain.code }, 'error without a shape for its family');
  if (domain.retryAfterSeconds !== undefined) reply.header('retry-after', String(domain.retryAfterSeconds));
  return sendJson(reply, rendered.status, JSON.stringify(rendered.body));
}

const config = (r: RouteBase) => ({ family: r.family, accepts: r.accepts ?? ['json'] });

/** Whether the route's answer carries a member marked `secretAnswer`: such answers are never cached. */
const carriesSecret = (r: RouteBase): boolean => membersMarked(r.response, 'answer').length > 0;

export function registerPublicRoute(app: FastifyInstance, services: AppServices, route: PublicRoute): void {
  routeRegistry(app).add({ ...route, public: true });
  const noStore = carriesSecret(route);
  app.route({
    method: route.method,
    url: `/api${route.path}`,
    config: config(route),
    handler: async (req, reply) => {
      if (noStore) reply.header('cache-control', 'no-store');
      try {
        const result = await route.handler(services, inputOf(req));
        return sendJson(reply, result.status ?? 200, toJsonText(result.body));
      } catch (e) {
        return sendError(reply, route.family, e);
      }
    },
  });
}

export function registerRoute(app: FastifyInstance, services: AppServices, route: AuthenticatedRoute): void {
  routeRegistry(app).add(route);
  tokenizeMarkedMembers(route.body);
  const idempotency = route.idempotency ?? (route.method === 'GET' ? 'none' : 'optional');
  const secrets = membersMarked(route.response, 'answer');
  const { aliases } = route;
  const named = route.names ? namingFields(route.names, route.handler) : route.handler;
  const handle = aliases
    ? (ctx: RequestContext, input: RestInput) => withAliases(input.body, aliases, (body) => named(ctx, { ...input, body }))
    : named;
  const { rateLimits } = app;
  app.route({
    method: route.method,
    url: `/api${route.path}`,
    config: config(route),
    handler: async (req, reply) => {
      if (secrets.length > 0) reply.header('cache-control', 'no-store');
      try {
        const principal = await authenticate(
          { db: services.db, clock: services.clock, signingKey: services.signer.key },
          {
            authHeader: header(req, 'x-auth-token'),
            clientIdHeader: header(req, 'x-client-id'),
            clientIdRequired: route.clientId === 'required',
            ip: req.ip,
          },
        );
        // After authentication: only the key's own verified calls spend its budget.
        await rateLimits.callByKey(req, principal.clientId);
        const acting = await resolveActingAccount(services, principal, header(req, 'x-on-behalf-of'));
        if (route.permission && !principal.permissions.includes(route.permission)) {
          throw platformErrors.permissionDenied(route.permission);
        }
        const ctx: RequestContext = await buildRequestContext(services, principal, acting, String(req.id ?? randomUUID()));
        const input = inputOf(req);
        const keyHeader = header(req, 'x-idempotency-key');
        if (idempotency === 'required' || (idempotency === 'optional' && keyHeader !== undefined)) {
          const key =
            route.opaqueIdempotencyKey?.(req.body)
              ? opaqueKeyOf(keyHeader)
              : checkKeyFormat(route.family, keyHeader, principal.accountCreatedAt);
          const fingerprinted = aliases ? inDomainNames(req.body, aliases).body : req.body;
          const { response, replayed } = await runIdempotent(
            services,
            { key, accountId: acting.id, endpoint: `${route.method} ${req.url.split('?')[0]}`, body: fingerprinted ?? null },
            async (unit) => {
              const result = await handle({ ...ctx, unit }, input);
              const status = result.status ?? 200;
              if (secrets.length === 0) return { status, body: toJsonText(result.body) };
              return { status, body: toJsonText(result.body), kept: toJsonText(withoutMembers(result.body, secrets)) };
            },
            (e) => {
              const rendered = renderError(route.family, e);
              return { status: rendered.status, body: JSON.stringify(rendered.body) };
            },
          );
          if (replayed) reply.header('idempotent-replayed', 'true');
          return sendJson(reply, response.status, response.body);
        }
        const result = await handle(ctx, input);
        if (result.file) return sendFile(reply, result.file);
        return sendJson(reply, result.status ?? 200, toJsonText(result.body));
      } catch (e) {
        return sendError(reply, route.family, e);
      }
    },
  });
}
