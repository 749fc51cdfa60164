import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Family } from '../platform/errors/domain-error';

/** multipart: the route reads the raw multipart stream itself (@fastify/multipart) and answers other bodies. */
export type BodyKind = 'json' | 'form' | 'multipart';

/** A request header a route reads beyond the common ones of spec 4.0 (for the OpenAPI document). */
export interface HeaderDoc {
  name: string;
  description: string;
  required?: boolean;
}

export interface RegisteredRoute {
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  family: Family;
  summary: string;
  tag: string;
  /** Set by registerPublicRoute: the route takes no x-auth-token (the token endpoint). */
  public?: true;
  accepts?: BodyKind[];
  headers?: HeaderDoc[];
  clientId?: 'required' | 'optional';
  idempotency?: 'required' | 'optional' | 'none';
  permission?: string;
  /** Schemas of the query string, in wire names (their properties are the query parameters). */
  query?: z.ZodType[];
  /** Schema of the JSON (or form) body, in wire names: the one the domain parses it with. */
  body?: z.ZodType;
  /** Schema of the 200 answer: the presenter's output type. */
  response?: z.ZodType;
  /** Media type of the 200 answer when it is not JSON (a download). */
  produces?: string;
}

/**
 * Every REST-compat route, kept so that a known path with the wrong method is told apart from an
 * unknown path (405 vs 404), and so the OpenAPI document lists exactly what is served.
 *
 * A literal segment of a path is never a parameter's value: `/v1/issuing/cards/arts` names the card
 * arts, never a card whose id is `arts`, and `/v1/issuing/cards/orders` (the start of
 * `/cards/orders/{card_order_id}`) names no card either. Fastify's router prefers a static segment
 * only among the routes of the request's method, so a request can still land on a parameter route
 * with a literal as its value (another method, or a literal that only starts a longer path);
 * `bindsLiteral` tells those apart, and such a request answers 405 or 404 instead of reaching the
 * parameter route.
 */
export class RouteRegistry {
  readonly routes: RegisteredRoute[] = [];
  private readonly patterns: { route: RegisteredRoute; re: RegExp; segments: string[] }[] = [];

  add(route: RegisteredRoute): void {
    this.routes.push(route);
    this.patterns.push({ route, re: routePattern(route.path), segments: route.path.split('/') });
  }

  /**
   * The routes whose pattern matches, static segments first, as Fastify's router prefers them
   * (`/cards/pin` before `/cards/:id`); a route that would take a literal of another route's path
   * as a parameter's value does not match.
   */
  matching(path: string): RegisteredRoute[] {
    const params = (r: RegisteredRoute) => (r.path.match(/:/g) ?? []).length;
    const segments = apiSegments(path);
    return this.patterns
      .filter((p) => p.re.test(path) && !this.bindsLiteral(p.segments, segments))
      .map((p) => p.route)
      .sort((a, b) => params(a) - params(b));
  }

  /**
   * Whether the route `pattern` (a registered path, `/v1/issuing/cards/:id`) would give one of its
   * parameters a value that another registered path has as a literal segment at the same place,
   * after the same segments: `/api/v1/issuing/cards/arts` for `:id`, as `/v1/issuing/cards/arts`
   * is a path of its own.
   */
  bindsLiteral(pattern: string[] | string, path: string[] | string): boolean {
    const mine = typeof pattern === 'string' ? pattern.split('/') : pattern;
    const segments = typeof path === 'string' ? apiSegments(path) : path;
    return mine.some((seg, i) => isParameter(seg) && this.patterns.some((p) => p.segments[i] === segments[i] && !isParameter(segments[i] ?? ':') && sharesPrefix(p.segments, segments, i)));
  }
}

const isParameter = (seg: string): boolean => seg.startsWith(':');

/**
 * The pattern of a registered path under `/api`: its literal segments escaped, each parameter one
 * segment (`[^/]+`, which cannot read the `/` that ends it), an optional trailing slash.
 */
export function routePattern(path: string): RegExp {
  const source = path.split('/').map((seg) => (isParameter(seg) ? '[^/]+' : seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('/');
  return new RegExp(`^/api${source}/?$`);
}

/** The segments of a request path under /api, as a registered path splits (`/v1/...` -> ['', 'v1', ...]). */
const apiSegments = (path: string): string[] => (path.startsWith('/api/') ? path.slice(4) : path).replace(/\/$/, '').split('/');

/** A registered path's first `n` segments match the request's (a parameter matches any value). */
const sharesPrefix = (pattern: string[], segments: string[], n: number): boolean =>
  pattern.length > n && pattern.slice(0, n).every((seg, j) => isParameter(seg) || seg === segments[j]);

declare module 'fastify' {
  interface FastifyInstance {
    restRoutes: RouteRegistry;
  }
  interface FastifyContextConfig {
    family?: Family;
    accepts?: BodyKind[];
  }
}

export function routeRegistry(app: FastifyInstance): RouteRegistry {
  if (!app.hasDecorator('restRoutes')) app.decorate('restRoutes', new RouteRegistry());
  return app.restRoutes;
}
