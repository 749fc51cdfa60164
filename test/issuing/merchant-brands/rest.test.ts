import { startTestApp, type TestApp } from '../../support/app';
import { clientOf, type Client } from '../../support/client';
import { MerchantBrandsDocument } from '../../support/graphql.generated';
import { makeMaster } from '../../support/tenants';

let t: TestApp;
let c: Client;

beforeAll(async () => {
  t = await startTestApp();
  c = await clientOf(t, await makeMaster(t.services, { name: 'Merchant brands' }));
});
afterAll(() => t.close());

const A = (message: string) => ({ type: 'invalid_request_error', code: 'invalid_request_error', message });

describe("GET /v1/issuing/merchant_brands (the official clients' merchantBrands.list)", () => {
  it('lists the brands by name, 10-100 a page, with only the page (as the Python client lists)', async () => {
    const first = await c.get('/v1/issuing/merchant_brands', { page_size: 10, page_number: 1 });
    expect(first.body).toMatchObject({ total_items: 15, total_pages: 2 });
    expect(first.body.data[0]).toEqual({ merchant_code: '5942', display_name: 'Book Shop' });
    const second = await c.get('/v1/issuing/merchant_brands', { page_size: 10, page_number: 2 });
    expect(second.body.data).toHaveLength(5);
    const names = [...first.body.data, ...second.body.data].map((b: { display_name: string }) => b.display_name);
    expect(names).toEqual([...names].sort());
  });

  it('finds brands by merchant code (the Node client\'s example, 5411) and by part of the name in any case', async () => {
    const grocers = await c.get('/v1/issuing/merchant_brands', { page_size: 10, page_number: 1, merchant_code: '5411' });
    expect(grocers.body).toEqual({
      total_pages: 1,
      total_items: 2,
      data: [
        { merchant_code: '5411', display_name: 'Corner Grocer' },
        { merchant_code: '5411', display_name: 'Fresh Fields Market' },
      ],
    });
    const corner = await c.get('/v1/issuing/merchant_brands', { page_size: 10, page_number: 1, display_name: 'CORNER' });
    expect(corner.body.data.map((b: { display_name: string }) => b.display_name)).toEqual(['Coffee Corner', 'Corner Grocer']);
    const both = await c.get('/v1/issuing/merchant_brands', { page_size: 10, page_number: 1, display_name: 'corner', merchant_code: '5814' });
    expect(both.body.data).toEqual([{ merchant_code: '5814', display_name: 'Coffee Corner' }]);
    expect((await c.get('/v1/issuing/merchant_brands', { merchant_code: '0000' })).body).toEqual({ total_pages: 0, total_items: 0, data: [] });
  });

  it.each([
    [{ merchant_code: '54' }, "Invalid value for field 'merchant_code': must be 4 digits"],
    [{ display_name: 'x'.repeat(101) }, "Invalid value for field 'display_name': must be at most 100 characters"],
    [{ page_size: 5 }, "Invalid value for field 'page_size': must be an integer from 10 to 100"],
  ])('refuses %j naming the field', async (query, message) => {
    const res = await c.get('/v1/issuing/merchant_brands', query as Record<string, string | number>);
    expect([res.status, res.body]).toEqual([400, A(message)]);
  });

  it('answers the same list over GraphQL, the filter in GraphQL names', async () => {
    const res = await c.gql(MerchantBrandsDocument, { first: 10, filter: { merchantCode: '5814' } });
    expect(res.data!.merchantBrands).toEqual({
      totalCount: 2,
      edges: [{ node: { merchantCode: '5814', displayName: 'Burger Barn' } }, { node: { merchantCode: '5814', displayName: 'Coffee Corner' } }],
    });
    const bad = await c.gql(MerchantBrandsDocument, { filter: { merchantCode: 'x' } });
    expect(bad.errors?.[0]?.extensions).toMatchObject({ field: 'merchantCode' });
  });
});
