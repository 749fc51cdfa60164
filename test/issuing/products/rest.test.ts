import { startTestApp, type TestApp } from '../../support/app';
import { clientOf, type Client } from '../../support/client';
import { makeMaster, makeSub } from '../../support/tenants';

let t: TestApp;
let c: Client;

beforeAll(async () => {
  t = await startTestApp();
  c = await clientOf(t, await makeMaster(t.services, { name: 'Issuer' }));
});
afterAll(() => t.close());

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('GET /v1/issuing/products (CI18, spec 2.9, 4.11)', () => {
  it('lists the seeded VISA and MASTERCARD products with their currencies and required_fields', async () => {
    const res = await c.get('/v1/issuing/products', { page_size: 10, page_number: 1 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total_pages: 1, total_items: 5 });
    const products = res.body.data as Record<string, any>[];
    expect(new Set(products.map((p) => p.card_scheme))).toEqual(new Set(['VISA', 'MASTERCARD']));
    expect(products.map((p) => p.card_bin)).toEqual(expect.arrayContaining(['527735', '555071', '555243']));
    for (const p of products) {
      expect(p.product_id).toMatch(UUID);
      expect(p.card_currency).toEqual(['SGD', 'USD', 'XUSD']);
      expect(p.product_status).toBe('ENABLED');
      expect(p.required_fields.map((f: { name: string }) => f.name)).toEqual(expect.arrayContaining(['first_name', 'last_name', 'email', 'country_code', 'phone_number']));
      expect(p.no_pin_payment_amount).toContainEqual({ currency: 'USD', amount: '150.00' });
    }
    const enhanced = products.find((p) => p.card_bin === '555243')!;
    expect(enhanced.required_fields.find((f: { name: string }) => f.name === 'identity')).toMatchObject({ type: 'object', required: true, fields: expect.arrayContaining([{ name: 'number', type: 'string', required: true }]) });
  });

  it('shows the same products to a sub-account of the tree, and other ids to another tree', async () => {
    const master = await makeMaster(t.services, { name: 'Tree' });
    const own = await clientOf(t, master);
    const sub = await makeSub(t.services, master);
    const ids = async (cl: Client) => ((await cl.get('/v1/issuing/products')).body.data as { product_id: string }[]).map((p) => p.product_id);
    expect(await ids(own.as(sub.id))).toEqual(await ids(own));
    const theirs = await ids(c);
    for (const id of await ids(own)) expect(theirs).not.toContain(id);
  });

  it('defaults to page_size 10 and page_number 1, and pages past the end are empty', async () => {
    expect((await c.get('/v1/issuing/products')).body.data).toHaveLength(5);
    expect((await c.get('/v1/issuing/products', { page_size: 10, page_number: 2 })).body).toEqual({ total_pages: 1, total_items: 5, data: [] });
  });

  it.each([
    [{ page_size: 9 }, "Invalid value for field 'page_size': must be an integer from 10 to 100"],
    [{ page_size: 101 }, "Invalid value for field 'page_size': must be an integer from 10 to 100"],
    [{ page_size: 'ten' }, "Invalid value for field 'page_size': must be an integer from 10 to 100"],
    [{ page_number: 0 }, "Invalid value for field 'page_number': must be an integer from 1 to 9007199254740991"],
  ])('refuses %j with envelope A invalid_request_error', async (query, message) => {
    const res = await c.get('/v1/issuing/products', query as Record<string, string | number>);
    expect([res.status, res.body]).toEqual([400, { type: 'invalid_request_error', code: 'invalid_request_error', message }]);
  });

  it('answers a missing token in envelope A', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/v1/issuing/products' });
    expect([res.statusCode, res.json()]).toEqual([401, { type: 'unauthorized_error', code: 'unauthorized_error', message: 'Access token is required' }]);
  });
});
