import { startTestApp, type TestApp } from '../support/app';
import { auth, makeMaster, tokenFor, type Tenant } from '../support/tenants';

let t: TestApp;
let tenant: Tenant;

beforeAll(async () => {
  t = await startTestApp();
  tenant = await makeMaster(t.services, { name: 'Observed' });
});
afterAll(() => t.close());

describe('health', () => {
  it('/healthz answers while the process is up and /readyz once the database is migrated', async () => {
    expect((await t.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
    const ready = await t.inject({ method: 'GET', url: '/readyz' });
    expect([ready.statusCode, ready.json()]).toEqual([200, { status: 'ready' }]);
  });

  it('/readyz answers 503 when a migration is missing from the database', async () => {
    const row = await t.db.pool.query<{ id: string; migration_name: string }>('SELECT id, migration_name FROM _prisma_migrations LIMIT 1');
    await t.db.pool.query('UPDATE _prisma_migrations SET finished_at = NULL WHERE id = $1', [row.rows[0]!.id]);
    try {
      const res = await t.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 'not_ready', pending: [row.rows[0]!.migration_name] });
    } finally {
      await t.db.pool.query('UPDATE _prisma_migrations SET finished_at = now() WHERE id = $1', [row.rows[0]!.id]);
    }
  });
});

describe('request logs', () => {
  it('write one line per request with request id, route, status and latency, and redact secrets', async () => {
    const token = await tokenFor(t, tenant);
    await t.inject({ method: 'GET', url: '/api/v1/accounts', headers: auth(token) });
    const line = t.logs.filter((l) => l.msg === 'request').at(-1)!;
    expect(line).toMatchObject({ method: 'GET', route: '/api/v1/accounts', status: 200 });
    expect(typeof line.reqId).toBe('string');
    // Once: Fastify's request logger binds reqId, the line must not add a second one.
    const raw = t.rawLogs.filter((l) => l.includes('"msg":"request"')).at(-1)!;
    expect(raw.match(/"reqId"/g)).toHaveLength(1);
    expect(typeof line.latencyMs).toBe('number');
    const all = JSON.stringify(t.logs);
    expect(all).not.toContain(token);
    expect(all).not.toContain(tenant.apiKey);
  });

  it('redact tokens, API keys, card data, PINs and documents when an object carrying them is logged', () => {
    const before = t.logs.length;
    t.app.log.info(
      { req: { headers: { 'x-auth-token': 'tok-secret', 'x-api-key': 'key-secret' } }, body: { api_key: 'key2', card_number: '4111111111111111', cvv: '123', pin: '9999', file: 'data:image/png;base64,AAAA' } },
      'probe',
    );
    const written = JSON.stringify(t.logs.slice(before));
    for (const secret of ['tok-secret', 'key-secret', 'key2', '4111111111111111', '"123"', '9999', 'base64,AAAA']) {
      expect(written).not.toContain(secret);
    }
    expect(written).toContain('[redacted]');
  });

  it('answer each response with an x-request-id header', async () => {
    const res = await t.inject({ method: 'GET', url: '/healthz' });
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('/metrics', () => {
  it('exposes request counts by route and status and a latency histogram in Prometheus format', async () => {
    await t.inject({ method: 'GET', url: '/api/v1/unknown' });
    const res = await t.inject({ method: 'GET', url: '/metrics' });
    expect(res.headers['content-type']).toMatch(/text\/plain/);
    expect(res.body).toMatch(/payrail_http_requests_total\{method="GET",route="\/healthz",status="200"\} \d+/);
    expect(res.body).toMatch(/payrail_http_requests_total\{method="GET",route="unmatched",status="404"\} 1/);
    expect(res.body).toContain('payrail_http_request_duration_seconds_bucket');
  });
});
