import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Family } from '../domain/errors/domain-error';

/** multipart: the route reads the raw multipart stream itself (@fastify/multipart) and answers other bodies. */
export type BodyKind = 'json' | 'form' | 'multipart';

/** A request header a route reads beyond the common ones of spec 4.0 (for the OpenAPI document). */
export interface HeaderDoc {
  name: string;
  description: string;
  required?: boolean;
}

export interface RegisteredRoute {
  method: 'GET' | 'POST';
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
 */
export class RouteRegistry {
  readonly routes: RegisteredRoute[] = [];
  private readonly patterns: { route: RegisteredRoute; re: RegExp }[] = [];

  add(route: RegisteredRoute): void {
    this.routes.push(route);
    const source = route.path
      .split('/')
      .map((seg) => (seg.startsWith(':') ? '[^/]+' : seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('/');
    this.patterns.push({ route, re: new RegExp(`^/api${source}/?$`) });
  }

  /** The routes whose path matches, whatever their method. */
  /** The routes whose pattern matches, static segments first, as Fastify's router prefers them (`/cards/pin` before `/cards/:id`). */
  matching(path: string): RegisteredRoute[] {
    const params = (r: RegisteredRoute) => (r.path.match(/:/g) ?? []).length;
    return this.patterns
      .filter((p) => p.re.test(path))
      .map((p) => p.route)
      .sort((a, b) => params(a) - params(b));
  }
}

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
