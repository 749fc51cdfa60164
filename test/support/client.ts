import { randomUUID } from 'node:crypto';
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { print } from 'graphql';
import type { z } from 'zod';
import type { JsonNumeral } from '../../src/platform/money/json-numeral';
import type { RegisteredRoute } from '../../src/rest-compat/registry';
import type { TestApp } from './app';
import { tokenFor } from './tenants';

/**
 * The one test client of both doors. REST calls go through the real HTTP stack (`inject`) with the
 * headers ref sends; every answer is checked against the schema its route declares for the OpenAPI
 * document (200: the response schema; otherwise the family's error envelope), so the published
 * document and what payrail sends cannot drift apart. GraphQL calls take the typed documents codegen
 * makes from the `*.graphql` files next to the tests (test/support/graphql.generated.ts).
 */

// Answers are read field by field in tests; `any` keeps those reads short where no type exists.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = Record<string, any>;

/** An answer as a JSON client reads it: numerals written with all their digits arrive as numbers. */
export type Received<T> = { [K in keyof T]: T[K] extends infer V ? (V extends JsonNumeral ? number : V) : never };

export interface RestReply<T = Json> {
  status: number;
  body: T;
  raw: string;
  headers: Record<string, string | string[] | number | undefined>;
}

export interface GraphQLError {
  message: string;
  extensions: Json & { code?: string; field?: string; httpStatus?: number; type?: string };
}

export interface GraphQLReply<T> {
  status: number;
  data: T | null | undefined;
  errors: GraphQLError[] | undefined;
  /** The answer's extensions: `cost: { requested, limit }` (docs/graphql.md, "Cost"). */
  extensions: Json | undefined;
}

/** The data of a mutation sent as raw text, read for its payload's userErrors. */
export type Refusable<K extends string> = { [P in K]: { userErrors: { field: string[] | null; message: string; code: string }[] } };

export interface CallOptions {
  /** x-idempotency-key: a fresh UUID by default (as ref sends), `null` for none. */
  key?: string | null;
  headers?: Record<string, string>;
}

const ACCOUNT_CENTER_ERROR = (b: Json) =>
  (typeof b.code === 'number' && typeof b.message === 'string') ||
  (Object.keys(b).length === 1 && (typeof b.message === 'string' || typeof b.error === 'string'));
const ISSUANCE_ERROR = (b: Json) =>
  (typeof b.type === 'string' && typeof b.code === 'string' && typeof b.message === 'string') ||
  (typeof b.code === 'number' && typeof b.message === 'string') ||
  (Object.keys(b).length === 1 && typeof b.error === 'string');

export class Client {
  constructor(
    readonly t: TestApp,
    readonly token: string | undefined,
    readonly opts: { onBehalfOf?: string; headers?: Record<string, string> } = {},
  ) {}

  /** The same caller acting for a sub-account (x-on-behalf-of), or as itself with `undefined`. */
  as(onBehalfOf: string | undefined): Client {
    return new Client(this.t, this.token, { ...this.opts, onBehalfOf });
  }

  withHeaders(headers: Record<string, string>): Client {
    return new Client(this.t, this.token, { ...this.opts, headers: { ...this.opts.headers, ...headers } });
  }

  private headers(extra: Record<string, string> = {}): Record<string, string> {
    return {
      ...(this.token ? { 'x-auth-token': `Bearer ${this.token}` } : {}),
      ...(this.opts.onBehalfOf ? { 'x-on-behalf-of': this.opts.onBehalfOf } : {}),
      ...this.opts.headers,
      ...extra,
    };
  }

  /** POST /api<path> with a JSON body. */
  async post<T = Json>(path: string, body: unknown = {}, opts: CallOptions = {}): Promise<RestReply<T>> {
    const key = opts.key === undefined ? randomUUID() : opts.key;
    const res = await this.t.inject({
      method: 'POST',
      url: `/api${path}`,
      payload: JSON.stringify(body),
      headers: this.headers({ 'content-type': 'application/json', ...(key ? { 'x-idempotency-key': key } : {}), ...opts.headers }),
    });
    return this.checked<T>('POST', path, res);
  }

  /** DELETE /api<path> with a JSON body (the official clients' removeNetworkProtection sends one). */
  async delete<T = Json>(path: string, body: unknown = {}, opts: CallOptions = {}): Promise<RestReply<T>> {
    const key = opts.key === undefined ? randomUUID() : opts.key;
    const res = await this.t.inject({
      method: 'DELETE',
      url: `/api${path}`,
      payload: JSON.stringify(body),
      headers: this.headers({ 'content-type': 'application/json', ...(key ? { 'x-idempotency-key': key } : {}), ...opts.headers }),
    });
    return this.checked<T>('DELETE', path, res);
  }

  /** GET /api<path>, with `query` appended as a query string. */
  async get<T = Json>(path: string, query: Record<string, string | number> = {}, opts: Omit<CallOptions, 'key'> = {}): Promise<RestReply<T>> {
    const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
    const url = `/api${path}${qs ? (path.includes('?') ? '&' : '?') + qs : ''}`;
    const res = await this.t.inject({ method: 'GET', url, headers: this.headers(opts.headers) });
    return this.checked<T>('GET', path, res);
  }

  /** A GraphQL operation from a typed document (or, for malformed-input tests, raw text). */
  async gql<TData, TVars>(
    document: TypedDocumentNode<TData, TVars> | string,
    variables?: TVars,
    opts: CallOptions = {},
  ): Promise<GraphQLReply<TData>> {
    const res = await this.t.inject({
      method: 'POST',
      url: '/graphql',
      payload: { query: typeof document === 'string' ? document : print(document), variables: variables ?? {} },
      headers: this.headers({ ...(opts.key ? { 'x-idempotency-key': opts.key } : {}), ...opts.headers }),
    });
    const json = res.json() as { data?: TData | null; errors?: GraphQLError[]; extensions?: Json };
    return { status: res.statusCode, data: json.data, errors: json.errors, extensions: json.extensions };
  }

  private checked<T>(method: 'GET' | 'POST' | 'DELETE', path: string, res: { statusCode: number; body: string; headers: RestReply['headers'] }): RestReply<T> {
    // A download (CI27's CSV) is its text; every other answer is JSON.
    const isJson = String(res.headers['content-type'] ?? '').startsWith('application/json');
    const body = (isJson ? JSON.parse(res.body) : res.body) as Json;
    const route = routeOf(this.t, method, path.split('?')[0]!);
    if (route) {
      if (res.statusCode === 200 && route.response) assertMatches(route.response, body, `${method} ${route.path}`);
      if (res.statusCode !== 200) {
        const ok = route.family === 'issuance' ? ISSUANCE_ERROR(body) : ACCOUNT_CENTER_ERROR(body);
        if (!ok) throw new Error(`${method} ${route.path} answered ${res.statusCode} outside its ${route.family} envelope: ${res.body}`);
      }
    }
    return { status: res.statusCode, body: body as T, raw: res.body, headers: res.headers };
  }
}

function routeOf(t: TestApp, method: string, path: string): RegisteredRoute | undefined {
  return t.app.restRoutes.matching(`/api${path}`).find((r) => r.method === method);
}

function assertMatches(schema: z.ZodType, body: unknown, where: string): void {
  const result = schema.safeParse(body);
  if (!result.success) {
    throw new Error(`${where}: the answer does not match the route's response schema: ${JSON.stringify(result.error.issues.slice(0, 3))}\n${JSON.stringify(body)}`);
  }
}

/** A client for a tenant, with a token from the real token endpoint. */
export async function clientOf(t: TestApp, tenant: { clientId: string; apiKey: string }, opts: { onBehalfOf?: string } = {}): Promise<Client> {
  return new Client(t, await tokenFor(t, tenant), opts);
}
