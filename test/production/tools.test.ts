import { createMetrics } from '../../src/platform/observability/metrics';
import { startMetricsListener } from '../../src/platform/observability/metrics-listener';
import { startTestApp, type TestApp } from '../support/app';
import { tokenFor } from '../support/tenants';
import { productionMaster, startProductionApp } from './support';

const INTROSPECTION = '{ __schema { queryType { name } } }';
const TYPE = '{ __type(name: "Query") { name } }';

describe('production serves no developer tool to whoever reaches the port', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await startProductionApp();
    token = await tokenFor(t, await productionMaster(t.services, 'Tooling'));
  });
  afterAll(() => t.close());

  const gql = (query: string, headers: Record<string, string> = {}) => t.inject({ method: 'POST', url: '/graphql', payload: { query }, headers: { 'content-type': 'application/json', ...headers } });

  it('GraphiQL, /docs and /metrics are not there', async () => {
    for (const url of ['/graphiql', '/graphiql/app.js', '/docs', '/docs/swagger-ui-bundle.js', '/metrics']) {
      expect({ url, status: (await t.inject({ method: 'GET', url })).statusCode }).toEqual({ url, status: 404 });
    }
  });

  it('the OpenAPI document needs a valid token', async () => {
    const anonymous = await t.inject({ method: 'GET', url: '/api/openapi.json' });
    expect({ status: anonymous.statusCode, body: anonymous.json() }).toEqual({ status: 403, body: { code: 403, message: 'Authorization error' } });
    const forged = await t.inject({ method: 'GET', url: '/api/openapi.json', headers: { 'x-auth-token': 'Bearer not.a.token' } });
    expect(forged.statusCode).toBe(403);
    const signedIn = await t.inject({ method: 'GET', url: '/api/openapi.json', headers: { 'x-auth-token': `Bearer ${token}` } });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toMatchObject({ openapi: '3.1.0' });
  });

  it('introspection needs a valid token; __typename does not', async () => {
    for (const query of [INTROSPECTION, TYPE, `query Q { ...F } fragment F on Query { __schema { types { name } } }`]) {
      const res = await gql(query);
      expect({ query, status: res.statusCode, body: res.json() }).toEqual({
        query,
        status: 403,
        body: {
          errors: [expect.objectContaining({ message: 'Authorization error', extensions: expect.objectContaining({ code: 'authorization_error', type: 'authentication' }) })],
          extensions: { cost: { requested: 0, limit: expect.any(Number) } },
        },
      });
    }
    expect((await gql(INTROSPECTION, { 'x-auth-token': `Bearer ${token}` })).json()).toEqual({ data: { __schema: { queryType: { name: 'Query' } } }, extensions: { cost: { requested: 0, limit: expect.any(Number) } } });
    expect((await gql(TYPE, { authorization: `Bearer ${token}` })).json()).toEqual({ data: { __type: { name: 'Query' } }, extensions: { cost: { requested: 0, limit: expect.any(Number) } } });
    expect((await gql('{ __typename }')).json()).toEqual({ data: { __typename: 'Query' }, extensions: { cost: { requested: 0, limit: expect.any(Number) } } });
  });
});

describe('sandbox mode keeps its tools open', () => {
  it('GraphiQL, /docs, /metrics, the OpenAPI document and introspection answer without a token', async () => {
    const t = await startTestApp();
    try {
      for (const url of ['/graphiql', '/docs', '/metrics', '/api/openapi.json']) {
        expect({ url, status: (await t.inject({ method: 'GET', url })).statusCode }).toEqual({ url, status: 200 });
      }
      const res = await t.inject({ method: 'POST', url: '/graphql', payload: { query: INTROSPECTION }, headers: { 'content-type': 'application/json' } });
      expect(res.json()).toEqual({ data: { __schema: { queryType: { name: 'Query' } } }, extensions: { cost: { requested: 0, limit: expect.any(Number) } } });
    } finally {
      await t.close();
    }
  });
});

describe('the metrics listener (PAYRAIL_METRICS_PORT)', () => {
  it('serves /metrics on an address of its own, and nothing else', async () => {
    const metrics = createMetrics();
    metrics.observeRequest({ method: 'GET', route: '/probe', status: 200 }, 0.001);
    const listener = await startMetricsListener(metrics, { host: '127.0.0.1', port: 0 });
    try {
      expect(listener.base).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const res = await fetch(`${listener.base}/metrics`);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('payrail_http_requests_total{method="GET",route="/probe",status="200"} 1');
      expect((await fetch(`${listener.base}/graphql`)).status).toBe(404);
      expect((await fetch(`${listener.base}/metrics`, { method: 'POST' })).status).toBe(404);
    } finally {
      await listener.close();
    }
  });
});
