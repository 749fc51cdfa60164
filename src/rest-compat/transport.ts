import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { DomainError } from '../platform/errors/domain-error';
import { platformErrors } from '../platform/errors/platform-errors';
import { refuseNulCharacters } from '../platform/validation/text-input';
import type { BodyKind } from './registry';
import { routeRegistry } from './registry';
import type { RenderedBody } from './envelopes';
import { parseJsonBody } from './json';
import { sendError, sendRendered } from './route';

const CONTENT_KIND = Symbol('payrailBodyKind');
type Tagged = FastifyRequest & { [CONTENT_KIND]?: BodyKind | 'other' };

/** application/x-www-form-urlencoded into a flat object (repeated keys become arrays). */
function parseForm(text: string): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [k, v] of new URLSearchParams(text)) {
    const prev = out[k];
    out[k] = prev === undefined ? v : Array.isArray(prev) ? [...prev, v] : [prev, v];
  }
  return out;
}

/** Fastify's router limit on one path parameter (its default); longer ones are answered 414. */
export const MAX_PATH_PARAM_LENGTH = 100;

export interface TransportOptions {
  bodyLimitBytes: number;
  /** Transport errors on the GraphQL path are GraphQL responses, rendered by that door. */
  graphql?: { path: string; render: (e: DomainError) => RenderedBody };
}

/**
 * Body parsing and the transport-level errors of spec 7.1: malformed or too deeply nested JSON is a
 * 400, a body in an encoding the route does not accept is a clear 400 (not Fastify's 415), an
 * oversized body is 413, a string holding U+0000 a 400 naming its field, unknown paths 404 and
 * known paths with the wrong method 405 — each in the route's family.
 */
export function installTransport(app: FastifyInstance, opts: TransportOptions): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    (req as Tagged)[CONTENT_KIND] = 'json';
    try {
      // An empty body is "no body" (the token call sends credentials in headers with none). REST
      // bodies keep long numerals exact for the amount rules; GraphQL's money is Decimal strings.
      done(null, parseJsonBody(body as string, { exactNumerals: req.url.startsWith('/api/') }));
    } catch (e) {
      done(e as Error, undefined);
    }
  });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (req, body, done) => {
    (req as Tagged)[CONTENT_KIND] = 'form';
    done(null, parseForm(body as string));
  });
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (req, body, done) => {
    const bytes = body as Buffer;
    (req as Tagged)[CONTENT_KIND] = bytes.length > 0 ? 'other' : undefined;
    done(null, bytes.length > 0 ? undefined : undefined);
  });

  // A callback hook, not an async one: it never waits, and Fastify spends a promise and its
  // microtasks on every async hook of every request (docs/performance.md).
  app.addHook('preHandler', (req, reply, done) => {
    try {
      checkTransport(app, req, reply);
    } catch (e) {
      done(e as FastifyError);
      return;
    }
    done();
  });

  app.setErrorHandler((error: FastifyError, req, reply) => respond(opts, req, reply, transportError(error, opts)));
  app.setNotFoundHandler((req, reply) => {
    const known = routeRegistry(app).matching(pathOf(req));
    const error = known.length > 0 ? platformErrors.methodNotAllowed() : platformErrors.notFound();
    if (known.length > 0) reply.header('allow', [...new Set(known.map((r) => r.method))].join(', '));
    return respond(opts, req, reply, error);
  });
}

/** The preHandler's checks; throws the transport error of spec 7.1 a request meets first. */
function checkTransport(app: FastifyInstance, req: FastifyRequest, reply: FastifyReply): void {
  // routeOptions is a getter that builds a new object on every read: read once.
  const route = req.routeOptions;
  // A literal of a path is never an id (registry.ts): GET /v1/beneficiaries/check, served for POST,
  // is a known path with the wrong method, not a beneficiary; GET /v1/issuing/cards/orders, the
  // start of /cards/orders/:card_order_id, is an unknown path, not a card.
  const pattern = route.url ?? '';
  if (pattern.startsWith('/api/') && pattern.includes(':')) {
    const registry = routeRegistry(app);
    const path = pathOf(req);
    if (registry.bindsLiteral(pattern.slice(4), path)) {
      const known = registry.matching(path);
      if (known.length === 0) throw platformErrors.notFound();
      reply.header('allow', [...new Set(known.map((r) => r.method))].join(', '));
      throw platformErrors.methodNotAllowed();
    }
  }
  if (!req.url.startsWith('/api/')) return;
  const kind = (req as Tagged)[CONTENT_KIND];
  const accepts = route.config?.accepts;
  // A multipart route reads its own stream and answers any other body in its own words (AF6).
  if (kind && accepts && !accepts.includes('multipart') && (kind === 'other' || !accepts.includes(kind))) {
    throw platformErrors.unsupportedContentType(
      accepts.map((a) => (a === 'json' ? 'application/json' : 'application/x-www-form-urlencoded')).join(' or '),
    );
  }
  // One check for every route, before authentication like the other transport checks: no area
  // has to remember that its strings reach PostgreSQL.
  if (route.config?.family) refuseNulCharacters(req.params, req.query, req.body);
}

/**
 * Fastify's `frameworkErrors`: a URL whose percent-encoding does not decode, or a path parameter
 * over the router's length limit, answered in the envelope of the route the path names.
 */
export function frameworkErrorHandler(opts: TransportOptions) {
  const known: Record<string, (() => DomainError) | undefined> = {
    FST_ERR_BAD_URL: () => platformErrors.badUrl(),
    FST_ERR_MAX_PARAM_LENGTH: () => platformErrors.uriTooLong(MAX_PATH_PARAM_LENGTH),
  };
  return (error: FastifyError, req: FastifyRequest, reply: FastifyReply): FastifyReply =>
    respond(opts, req, reply, known[error.code]?.() ?? error);
}

/** Fastify's own errors (body parsing, limits) as the DomainErrors the envelopes know. */
function transportError(error: FastifyError, opts: TransportOptions): unknown {
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return platformErrors.bodyTooLarge(opts.bodyLimitBytes);
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || error.code === 'FST_ERR_CTP_INVALID_CONTENT_LENGTH') {
    return platformErrors.unsupportedContentType('application/json');
  }
  if (error.statusCode === 400 && error.code?.startsWith('FST_ERR_CTP')) return platformErrors.malformedJson();
  return error;
}

const pathOf = (req: FastifyRequest): string => req.url.split('?')[0] ?? '';

/** GraphQL's path is answered by its door's renderer; every other path in its REST family's envelope. */
function respond(opts: TransportOptions, req: FastifyRequest, reply: FastifyReply, error: unknown): FastifyReply {
  const path = pathOf(req);
  if (opts.graphql && path === opts.graphql.path) return sendRendered(reply, error, opts.graphql.render);
  const family = req.routeOptions.config?.family ?? routeRegistry(req.server).matching(path)[0]?.family ?? 'account_center';
  return sendError(reply, family, error);
}
