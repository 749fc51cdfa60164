import type { Account } from '../../../src/domain/onboarding/accounts/service';
import { startTestApp, type TestApp } from '../../support/app';
import { clientOf, type Client } from '../../support/client';
import { makeMaster, makeSub, type Tenant } from '../../support/tenants';

/** Webhook endpoints over REST: shape, secret shown twice only, updates, validation, tenancy. */

let t: TestApp;
let alpha: Tenant;
let alphaSub: Account;
let a: Client;
let b: Client;

beforeAll(async () => {
  t = await startTestApp();
  alpha = await makeMaster(t.services, { name: 'Alpha' });
  alphaSub = await makeSub(t.services, alpha, 'Alpha Shop');
  a = await clientOf(t, alpha);
  b = await clientOf(t, await makeMaster(t.services, { name: 'Beta' }));
});
afterAll(() => t.close());

const NOT_FOUND = { code: 400, message: 'webhook endpoint not found' };

describe('POST /v1/webhooks/endpoints', () => {
  it('creates an ENABLED endpoint for every event and shows its secret', async () => {
    const res = await a.post('/v1/webhooks/endpoints', { url: 'https://hooks.example.com/payrail' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ url: 'https://hooks.example.com/payrail', event_names: null, status: 'ENABLED', consecutive_failures: 0 });
    expect(res.body.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(res.body.create_time).toBe('2026-11-21T10:00:00.000Z');
  });

  it('keeps chosen event names (duplicates once) and never stores the secret in clear', async () => {
    const res = await a.post('/v1/webhooks/endpoints', { url: 'http://localhost:3000/hooks', event_names: ['payout.create.succeeded', 'payout.create.succeeded', 'deposit.complete.succeeded'] });
    expect(res.body.event_names).toEqual(['payout.create.succeeded', 'deposit.complete.succeeded']);
    const { rows } = await t.db.pool.query<{ secret_sealed: string }>('SELECT secret_sealed FROM webhook_endpoints WHERE id = $1', [res.body.webhook_endpoint_id]);
    expect(rows[0]!.secret_sealed).not.toContain(res.body.secret);
    expect(rows[0]!.secret_sealed).toMatch(/^v1:/);
  });

  it('a retry with the same x-idempotency-key answers the first result without its secret and makes one endpoint', async () => {
    const c = await clientOf(t, await makeMaster(t.services, { name: 'Retry' }));
    const key = '6f1c1f2e-8a43-4f4e-9d55-0b8a6a3c2d11';
    const first = await c.post('/v1/webhooks/endpoints', { url: 'https://retry.example.com' }, { key });
    const again = await c.post('/v1/webhooks/endpoints', { url: 'https://retry.example.com' }, { key });
    // The secret is shown once: the replay is the first answer without it.
    const { secret: _shownOnce, ...withoutSecret } = first.body;
    expect(again.body).toEqual(withoutSecret);
    expect((await c.get('/v1/webhooks/endpoints', { page_number: 1, page_size: 10 })).body.total_items).toBe(1);
  });

  it.each([
    [{}, "Field 'url' is required"],
    [{ url: 42 }, "Invalid type for field 'url'"],
    [{ url: '/hooks' }, "Invalid value for field 'url': must be an absolute http or https URL without credentials"],
    [{ url: 'ftp://example.com/x' }, "Invalid value for field 'url': must be an absolute http or https URL without credentials"],
    [{ url: 'https://user:pw@example.com/x' }, "Invalid value for field 'url': must be an absolute http or https URL without credentials"],
    [{ url: `https://example.com/${'a'.repeat(2048)}` }, "Invalid value for field 'url': must be at most 2048 characters"],
    [{ url: 'https://example.com', event_names: [] }, "Invalid value for field 'event_names': must name at least one event (leave it out for every event)"],
    [{ url: 'https://example.com', event_names: ['payout.create.succeeded', 'payout.made', 'nope'] }, "Invalid value for field 'event_names': unknown event names: payout.made, nope"],
    [{ url: 'https://example.com', event_names: 'payout.create.succeeded' }, "Invalid type for field 'event_names'"],
  ])('refuses %j naming the field', async (body, message) => {
    const res = await a.post('/v1/webhooks/endpoints', body);
    expect([res.status, res.body]).toEqual([400, { code: 400, message }]);
  });
});

describe('list, update, rotate, delete', () => {
  it('lists newest first without secrets; updates url, events and status; rotates; deletes', async () => {
    const c = await clientOf(t, await makeMaster(t.services, { name: 'Gamma' }));
    const first = (await c.post('/v1/webhooks/endpoints', { url: 'https://one.example.com' })).body;
    t.clock.advance(1);
    const second = (await c.post('/v1/webhooks/endpoints', { url: 'https://two.example.com' })).body;
    const page = await c.get('/v1/webhooks/endpoints', { page_number: 1, page_size: 10 });
    expect(page.body.total_items).toBe(2);
    expect(page.body.data.map((e: { webhook_endpoint_id: string }) => e.webhook_endpoint_id)).toEqual([second.webhook_endpoint_id, first.webhook_endpoint_id]);
    expect(page.raw).not.toContain('whsec_');

    const id = first.webhook_endpoint_id as string;
    const updated = await c.post(`/v1/webhooks/endpoints/${id}`, { url: 'https://uno.example.com', event_names: ['card.create.succeeded'], status: 'DISABLED' });
    expect(updated.body).toMatchObject({ url: 'https://uno.example.com', event_names: ['card.create.succeeded'], status: 'DISABLED' });
    expect(updated.body.secret).toBeUndefined();
    const back = await c.post(`/v1/webhooks/endpoints/${id}`, { event_names: null, status: 'ENABLED' });
    expect(back.body).toMatchObject({ url: 'https://uno.example.com', event_names: null, status: 'ENABLED' });
    const bad = await c.post(`/v1/webhooks/endpoints/${id}`, { status: 'PAUSED' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^Invalid value for field 'status'/);

    const rotated = await c.post(`/v1/webhooks/endpoints/${id}/rotate_secret`, {});
    expect(rotated.body.secret).toMatch(/^whsec_/);
    expect(rotated.body.secret).not.toBe(first.secret);

    const deleted = await c.post(`/v1/webhooks/endpoints/${id}/delete`, {});
    expect(deleted.body.webhook_endpoint_id).toBe(id);
    expect((await c.post(`/v1/webhooks/endpoints/${id}/delete`, {})).body).toEqual(NOT_FOUND);
    expect((await c.get('/v1/webhooks/endpoints', { page_number: 1, page_size: 10 })).body.total_items).toBe(1);
  });
});

describe('tenancy', () => {
  it("another tenant's endpoint is not found for every operation, and absent from its list", async () => {
    const id = (await a.post('/v1/webhooks/endpoints', { url: 'https://alpha.example.com' })).body.webhook_endpoint_id as string;
    for (const path of [`/v1/webhooks/endpoints/${id}`, `/v1/webhooks/endpoints/${id}/rotate_secret`, `/v1/webhooks/endpoints/${id}/delete`]) {
      expect((await b.post(path, {})).body).toEqual(NOT_FOUND);
    }
    expect((await b.post('/v1/webhooks/endpoints/not-a-uuid', {})).body).toEqual(NOT_FOUND);
    const list = await b.get('/v1/webhooks/endpoints', { page_number: 1, page_size: 100 });
    expect(list.body.data.map((e: { webhook_endpoint_id: string }) => e.webhook_endpoint_id)).not.toContain(id);
  });

  it('x-on-behalf-of creates and lists the sub-account\'s own endpoints, apart from the master\'s', async () => {
    const sub = a.as(alphaSub.id);
    const created = await sub.post('/v1/webhooks/endpoints', { url: 'https://shop.example.com' });
    expect(created.status).toBe(200);
    const subList = await sub.get('/v1/webhooks/endpoints', { page_number: 1, page_size: 100 });
    expect(subList.body.data.map((e: { webhook_endpoint_id: string }) => e.webhook_endpoint_id)).toEqual([created.body.webhook_endpoint_id]);
    const masterList = await a.get('/v1/webhooks/endpoints', { page_number: 1, page_size: 100 });
    expect(masterList.body.data.map((e: { webhook_endpoint_id: string }) => e.webhook_endpoint_id)).not.toContain(created.body.webhook_endpoint_id);
    // The master acting as itself cannot change the sub-account's endpoint by id.
    expect((await a.post(`/v1/webhooks/endpoints/${created.body.webhook_endpoint_id}`, { status: 'DISABLED' })).body).toEqual(NOT_FOUND);
  });
});
