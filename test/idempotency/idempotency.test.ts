import { randomUUID } from 'node:crypto';
import { startTestApp, type TestApp } from '../support/app';
import { registerProbeRoutes } from '../support/probe-routes';
import { auth, makeMaster, tokenFor, type Tenant } from '../support/tenants';

let t: TestApp;
let master: Tenant;
let token: string;

beforeAll(async () => {
  t = await startTestApp({ extraRestModules: [registerProbeRoutes] });
  master = await makeMaster(t.services, { name: 'Idem' });
  token = await tokenFor(t, master);
});
afterAll(() => t.close());

const AC = '/api/v1/probe/effects';
const ISS = '/api/v1/issuing/probe/effects';
const post = (url: string, key: string | undefined, payload: unknown, tok = token, extra: Record<string, string> = {}) =>
  t.inject({ method: 'POST', url, payload: payload as string, headers: { ...auth(tok, extra), ...(key === undefined ? {} : { 'x-idempotency-key': key }) } });
const subCount = (parentId: string) => t.db.prisma.account.count({ where: { parentId } });

describe('replay (spec 4.0, 8)', () => {
  it('stores the first response and replays it byte for byte, with one effect', async () => {
    const key = randomUUID();
    const before = await subCount(master.account.id);
    const first = await post(AC, key, { name: 'once' });
    expect(first.statusCode).toBe(200);
    const again = await post(AC, key, { name: 'once' });
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await subCount(master.account.id)).toBe(before + 1);
  });

  it('treats the same body with keys in another order as the same request', async () => {
    const key = randomUUID();
    const send = (raw: string) =>
      t.inject({ method: 'POST', url: AC, payload: raw, headers: { ...auth(token), 'content-type': 'application/json', 'x-idempotency-key': key } });
    const first = await send('{"name":"ordered","extra":1}');
    expect(first.statusCode).toBe(200);
    const again = await send('{ "extra": 1, "name": "ordered" }');
    expect(again.body).toBe(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
  });

  it('stores and replays an error response too', async () => {
    const key = randomUUID();
    const first = await post(AC, key, { fail: 'domain' });
    expect([first.statusCode, first.json()]).toEqual([400, { code: 400, message: 'IP not allowed' }]);
    const again = await post(AC, key, { fail: 'domain' });
    expect(again.body).toBe(first.body);
  });
});

describe('misuse of a key', () => {
  it('refuses the same key with another body', async () => {
    const key = randomUUID();
    await post(AC, key, { name: 'a' });
    const res = await post(AC, key, { name: 'b' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 400, message: 'Idempotency key error: the key was already used with a different request body' });
    const iss = randomUUID();
    await post(ISS, iss, { name: 'a' });
    expect((await post(ISS, iss, { name: 'b' })).json()).toMatchObject({ type: 'idempotency_error', code: 'key_mismatch_request' });
  });

  it('refuses a key used on another endpoint: "Idempotency endpoint error" / key_mismatch_api', async () => {
    const key = randomUUID();
    await post(AC, key, { name: 'x' });
    expect((await post('/api/v1/probe/other_effects', key, { name: 'x' })).json()).toEqual({ code: 400, message: 'Idempotency endpoint error' });
    const k2 = randomUUID();
    await post(ISS, k2, { name: 'x' });
    expect((await post(AC, k2, { name: 'x' })).json()).toEqual({ code: 400, message: 'Idempotency endpoint error' });
    const k3 = randomUUID();
    await post(AC, k3, { name: 'x' });
    expect((await post(ISS, k3, { name: 'x' })).json()).toEqual({
      type: 'idempotency_error', code: 'key_mismatch_api', message: 'api associated with key is not the original',
    });
  });

  it('refuses a reused key older than 24 hours: "Idempotency key error"', async () => {
    const key = randomUUID();
    const first = await post(AC, key, { name: 'old' });
    t.clock.advance(23 * 3600);
    token = await tokenFor(t, master);
    expect((await post(AC, key, { name: 'old' })).body).toBe(first.body);
    t.clock.advance(3600 + 1);
    token = await tokenFor(t, master);
    expect((await post(AC, key, { name: 'old' })).json()).toEqual({ code: 400, message: 'Idempotency key error' });
  });
});

describe('key formats (spec 7.1, 7.2, 8)', () => {
  it('account-center: a UUID is required for entities created after 2024-08-15', async () => {
    for (const bad of [undefined, '', 'abc', 'x'.repeat(36)]) {
      expect((await post(AC, bad, { name: 'f' })).json()).toEqual({ code: 400, message: 'Idempotency key error' });
    }
    expect((await post(AC, randomUUID(), { name: 'f' })).statusCode).toBe(200);
  });

  it('account-center: 1-36 characters for an entity created before 2024-08-15', async () => {
    const legacy = await makeMaster(t.services, { name: 'Legacy', createdAt: '2023-01-10T00:00:00Z' });
    const tok = await tokenFor(t, legacy);
    expect((await post(AC, 'order-42', { name: 'l' }, tok)).statusCode).toBe(200);
    expect((await post(AC, 'x'.repeat(36), { name: 'l' }, tok)).statusCode).toBe(200);
    expect((await post(AC, 'x'.repeat(37), { name: 'l' }, tok)).json()).toEqual({ code: 400, message: 'Idempotency key error' });
    expect((await post(AC, '', { name: 'l' }, tok)).json()).toEqual({ code: 400, message: 'Idempotency key error' });
  });

  it('card issuance: a non-empty string of at most 255 characters', async () => {
    const invalid = { type: 'idempotency_error', code: 'invalid_key_format', message: 'invalid idempotency key format' };
    expect((await post(ISS, undefined, { name: 'i' })).json()).toEqual(invalid);
    expect((await post(ISS, '', { name: 'i' })).json()).toEqual(invalid);
    expect((await post(ISS, 'k'.repeat(256), { name: 'i' })).json()).toEqual(invalid);
    expect((await post(ISS, 'k'.repeat(255), { name: 'i' })).statusCode).toBe(200);
    expect((await post(ISS, 'short', { name: 'i' })).statusCode).toBe(200);
  });
});

describe('failures inside the layer', () => {
  it('answers 500 with no code field and stores nothing for an unexpected failure; a retry runs again', async () => {
    const key = randomUUID();
    const res = await post(AC, key, { fail: 'unexpected' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'An internal error occurred, please try again later' });
    expect(res.body).not.toMatch(/secret_table|boom|at /);
    expect(await t.db.prisma.idempotencyKey.count({ where: { key } })).toBe(0);
  });
});

describe('concurrency: exactly one effect', () => {
  it('20 concurrent identical requests produce one effect; the others replay or get "processing"', async () => {
    const parent = await makeMaster(t.services, { name: 'Racer' });
    const tok = await tokenFor(t, parent);
    const key = randomUUID();
    const results = await Promise.all(Array.from({ length: 20 }, () => post(AC, key, { name: 'race' }, tok)));
    expect(await subCount(parent.account.id)).toBe(1);
    const ok = results.filter((r) => r.statusCode === 200);
    const processing = results.filter((r) => r.statusCode === 400);
    expect(ok.length + processing.length).toBe(20);
    expect(new Set(ok.map((r) => r.body)).size).toBe(1);
    for (const p of processing) expect(p.json()).toEqual({ code: 200, message: 'Request is processing, please try again later.' });
    const issKey = `iss-${randomUUID()}`;
    const iss = await Promise.all(Array.from({ length: 20 }, () => post(ISS, issKey, { name: 'race-iss' }, tok)));
    expect(await subCount(parent.account.id)).toBe(2);
    for (const r of iss.filter((x) => x.statusCode !== 200)) {
      expect(r.json()).toEqual({ type: 'idempotency_error', code: 'request_being_processed', message: 'request is being processed' });
    }
  });

  it('holds across two app instances on one database', async () => {
    const second = await startTestApp({ extraRestModules: [registerProbeRoutes], database: { url: t.url }, clock: t.clock });
    try {
      const parent = await makeMaster(t.services, { name: 'Two instances' });
      const tok = await tokenFor(t, parent);
      const key = randomUUID();
      const send = (app: TestApp) =>
        app.inject({ method: 'POST', url: AC, payload: { name: 'two' }, headers: { ...auth(tok), 'x-idempotency-key': key } });
      const results = await Promise.all(Array.from({ length: 20 }, (_v, i) => send(i % 2 === 0 ? t : second)));
      expect(await subCount(parent.account.id)).toBe(1);
      expect(results.every((r) => r.statusCode === 200 || r.json().code === 200)).toBe(true);
      const replay = await send(second);
      expect(replay.body).toBe(results.find((r) => r.statusCode === 200)!.body);
    } finally {
      await second.close();
    }
  });
});
