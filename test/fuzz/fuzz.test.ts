import type { InjectOptions } from 'fastify';
import { buildClientSchema, getIntrospectionQuery, type GraphQLSchema, type IntrospectionQuery } from 'graphql';
import type { Family } from '../../src/platform/errors/domain-error';
import { startTestApp, type TestApp } from '../support/app';
import { makeMaster, makeSub, tokenFor } from '../support/tenants';
import { graphqlRequest } from './graphql-requests';
import { restRequest } from './rest-requests';
import { Rng } from './values';

/**
 * Malformed requests from outside, across every REST route of the registry and GraphQL: none may
 * answer 5xx, and every error is in its family's envelope. Seeded, so a failure is reproducible;
 * bounded in count, not in time.
 */

// FUZZ_SEED explores other inputs; the suite runs the fixed seed.
const SEED = Number(process.env.FUZZ_SEED ?? 0x9a7e11);
const REST_REQUESTS = 2200;
const GRAPHQL_REQUESTS = 900;
const IN_FLIGHT = 4;

let t: TestApp;
let token: string;
let subAccountId: string;
let schema: GraphQLSchema;

beforeAll(async () => {
  t = await startTestApp();
  const master = await makeMaster(t.services, { name: 'Fuzz' });
  token = await tokenFor(t, master);
  subAccountId = (await makeSub(t.services, master, 'Fuzz sub')).id;
  const introspection = await t.inject({ method: 'POST', url: '/graphql', payload: { query: getIntrospectionQuery() } });
  schema = buildClientSchema((introspection.json() as { data: IntrospectionQuery }).data);
});
afterAll(() => t.close());

const parse = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
};
const keys = (v: unknown): string => (v !== null && typeof v === 'object' ? Object.keys(v).sort().join(',') : typeof v);
const isString = (v: unknown) => typeof v === 'string' && v.length > 0;

/** Why a REST error body is not in its family's envelope (spec 7.1, 7.2), or undefined. */
function restEnvelopeProblem(family: Family, status: number, body: unknown): string | undefined {
  const b = body as Record<string, unknown> | undefined;
  if (!b || typeof b !== 'object' || Array.isArray(b)) return 'body is not a JSON object';
  if (keys(b) === 'error') return status === 401 && isString(b.error) ? undefined : 'unexpected {error}';
  if (family === 'issuance' && keys(b) === 'code,message,type') return isString(b.type) && isString(b.code) && isString(b.message) ? undefined : 'bad envelope A';
  if (keys(b) !== 'code,message' || !isString(b.message)) return `keys ${keys(b)}`;
  const processing = status === 400 && b.code === 200;
  return b.code === status || processing ? undefined : `code ${String(b.code)} for status ${status}`;
}

/** Why a GraphQL response is not a GraphQL response with coded errors, or undefined. */
function graphqlProblem(status: number, body: unknown): string | undefined {
  const b = body as { data?: unknown; errors?: { message?: unknown; extensions?: { code?: unknown; httpStatus?: unknown } }[] } | undefined;
  if (!b || typeof b !== 'object') return 'body is not JSON';
  if (status >= 400 && !(Array.isArray(b.errors) && b.errors.length > 0)) return 'error status without errors';
  for (const e of b.errors ?? []) {
    if (!isString(e.message) || !isString(e.extensions?.code)) return `error without message or code: ${JSON.stringify(e).slice(0, 200)}`;
    if (e.extensions?.httpStatus === 500) return `internal error: ${JSON.stringify(e).slice(0, 200)}`;
  }
  return undefined;
}

/** Sends requests a few at a time (generated in order, so the seed fixes them all) and checks each answer. */
async function send<R extends { options: InjectOptions; describe: string }>(
  requests: R[],
  check: (req: R, status: number, body: unknown) => string | undefined,
): Promise<{ failures: string[]; statuses: Set<number> }> {
  const failures: string[] = [];
  const statuses = new Set<number>();
  for (let i = 0; i < requests.length; i += IN_FLIGHT) {
    const batch = requests.slice(i, i + IN_FLIGHT);
    const answers = await Promise.all(batch.map((r) => t.inject(r.options)));
    answers.forEach((res, j) => {
      statuses.add(res.statusCode);
      const problem = check(batch[j]!, res.statusCode, parse(res.body));
      if (res.statusCode >= 500 || problem) {
        failures.push(`#${i + j} ${res.statusCode} ${problem ?? ''} <- ${batch[j]!.describe.slice(0, 300)} -> ${res.body.slice(0, 300)}`);
      }
    });
  }
  return { failures, statuses };
}

it(`answers ${REST_REQUESTS} malformed REST requests across every route without a 5xx, each error in its family's envelope`, async () => {
  const rng = new Rng(SEED);
  const routes = t.app.restRoutes.routes;
  expect(routes.length).toBeGreaterThan(25);
  const requests = Array.from({ length: REST_REQUESTS }, (_, i) => restRequest(rng, routes[i % routes.length]!, token, subAccountId));
  const { failures, statuses } = await send(requests, (req, status, body) =>
    status >= 400 ? restEnvelopeProblem(req.route.family, status, body) : body === undefined ? 'not JSON' : undefined,
  );
  expect(failures.slice(0, 20)).toEqual([]);
  // The mix reaches past the edge: some requests are served, and refusals come in several kinds.
  expect([...statuses].some((s) => s < 300)).toBe(true);
  expect([...statuses].filter((s) => s >= 400).length).toBeGreaterThan(3);
});

it(`answers ${GRAPHQL_REQUESTS} malformed GraphQL requests without a 5xx, errors coded in extensions`, async () => {
  const rng = new Rng(SEED + 1);
  const requests = Array.from({ length: GRAPHQL_REQUESTS }, () => graphqlRequest(rng, schema, token));
  const { failures, statuses } = await send(requests, (_req, status, body) => graphqlProblem(status, body));
  expect(failures.slice(0, 20)).toEqual([]);
  expect([...statuses]).toEqual(expect.arrayContaining([200, 400]));
});
