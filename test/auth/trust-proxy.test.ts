import type { InjectOptions } from 'fastify';
import { setAllowedIps } from '../../src/domain/developers/keys/api-keys';
import { ConfigError, loadConfig } from '../../src/config';
import { startTestApp, type TestApp } from '../support/app';
import { makeMaster, type Tenant } from '../support/tenants';

const config = (value: string) => loadConfig({ PAYRAIL_DATA_DIR: '/tmp/payrail-test-unused', PAYRAIL_TRUST_PROXY: value });

describe('PAYRAIL_TRUST_PROXY takes a hop count or the proxies’ addresses', () => {
  it('refuses true: it would believe an X-Forwarded-For from anyone', () => {
    for (const v of ['true', 'yes', 'TRUE']) expect(() => config(v)).toThrow(ConfigError);
    expect(() => config('true')).toThrow(/give the number of proxies in front of payrail \(1\) or their addresses/);
  });

  it('reads a hop count, address ranges, or off', () => {
    expect(config('1').trustProxy).toEqual({ hops: 1 });
    expect(config('10.0.0.0/8, 127.0.0.1,::1').trustProxy).toEqual({ ranges: ['10.0.0.0/8', '127.0.0.1', '::1'] });
    for (const v of ['false', '0', 'no']) expect(config(v).trustProxy).toBe(false);
    expect(loadConfig({ PAYRAIL_DATA_DIR: '/tmp/payrail-test-unused' }).trustProxy).toBe(false);
  });

  it('refuses what is neither', () => {
    expect(() => config('proxy.example.com')).toThrow(/"proxy.example.com" is neither a hop count nor an IP address or CIDR block/);
    expect(() => config('10.0.0.0/99')).toThrow(ConfigError);
    expect(() => config('11')).toThrow(/at most 10 proxy hops/);
  });
});

describe('a forged X-Forwarded-For cannot pass a key’s IP allow-list', () => {
  let base: TestApp;
  let tenant: Tenant;
  const apps: TestApp[] = [];

  beforeAll(async () => {
    base = await startTestApp();
    tenant = await makeMaster(base.services, { name: 'Fenced' });
    await setAllowedIps(base.services, tenant.clientId, ['203.0.113.0/24']);
  });
  afterAll(async () => {
    for (const a of apps) await a.close();
    await base.close();
  });

  async function behind(value: string): Promise<TestApp> {
    const app = await startTestApp({ config: { ...base.services.config, trustProxy: config(value).trustProxy }, database: { url: base.url }, clock: base.clock });
    apps.push(app);
    return app;
  }

  /** A token exchange arriving from `peer` (the socket's address) with this X-Forwarded-For. */
  const exchange = (app: TestApp, peer: string, forwardedFor: string) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/connect/token',
      payload: { client_id: tenant.clientId, api_key: tenant.apiKey },
      headers: { 'x-forwarded-for': forwardedFor },
      remoteAddress: peer,
    } as InjectOptions);

  it('one trusted hop: the address the proxy saw decides, not what the client wrote before it', async () => {
    const app = await behind('1');
    // The client wrote an allowed address; the proxy (10.0.0.5) appended the one it really came from.
    const forged = await exchange(app, '10.0.0.5', '203.0.113.7, 198.51.100.9');
    expect(forged.json()).toEqual({ code: 400, message: 'IP not allowed' });
    const honest = await exchange(app, '10.0.0.5', '203.0.113.7');
    expect(honest.statusCode).toBe(200);
  });

  it('trusted ranges: a client outside them is judged by its own address, whatever header it sends', async () => {
    const app = await behind('10.0.0.0/8');
    const direct = await exchange(app, '198.51.100.9', '203.0.113.7');
    expect(direct.json()).toEqual({ code: 400, message: 'IP not allowed' });
    const forged = await exchange(app, '10.0.0.5', '203.0.113.7, 198.51.100.9');
    expect(forged.json()).toEqual({ code: 400, message: 'IP not allowed' });
    const proxied = await exchange(app, '10.0.0.5', '203.0.113.7');
    expect(proxied.statusCode).toBe(200);
  });

  it('no trust (the default): the header is ignored', async () => {
    const res = await exchange(base, '198.51.100.9', '203.0.113.7');
    expect(res.json()).toEqual({ code: 400, message: 'IP not allowed' });
  });
});
