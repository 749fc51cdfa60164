import { z } from 'zod';
import { startTestApp, type TestApp } from '../support/app';
import { freshSandbox } from './sandbox';
import { replayedEveryMethod, Sdk } from './sdk';
import { cardholder, cardProduct, createCardholderResponse, createReportResponse, merchantBrand, paginated } from './types/issuing-cards';

/**
 * The official clients' cardholder, product, report and merchant brand methods, each sent as the
 * client sends it (test/clients/sdk.ts) on a fresh sandbox, with the clients' field names.
 */
let t: TestApp;
const sdks = {} as Record<'node' | 'python', Sdk>;

beforeAll(async () => {
  t = await startTestApp();
  const creds = await freshSandbox(t);
  sdks.node = await Sdk.connect(t, 'node', creds);
  sdks.python = await Sdk.connect(t, 'python', creds);
});
afterAll(() => t.close());

/** Each client's cardholder, unique in the tree. */
const HOLDERS = {
  // The Node README's body.
  node: { email: 'user@example.com', first_name: 'Jane', last_name: 'Smith', country_code: 'SG', phone_number: '+6512345678' },
  // CreateCardholderParams with the optional members a STANDARD product asks for.
  python: {
    email: 'jane@example.com',
    first_name: 'Jane',
    last_name: 'Doe',
    date_of_birth: '1990-01-15',
    country_code: 'SG',
    phone_number: '+6591234567',
    gender: 'FEMALE',
    nationality: 'SG',
    residential_address: { country: 'SG', city: 'Singapore', line1: '1 Raffles Place', postal_code: '048616' },
  },
};

describe.each(['node', 'python'] as const)('%s client: issuing.cardholders, products, reports, merchant brands', (sdk) => {
  it('cardholders: create, list, retrieve, update', async () => {
    const caller = sdks[sdk];
    const created = await caller.call('issuing.cardholders.create', { body: HOLDERS[sdk] }, createCardholderResponse);
    expect(created.cardholder_status).toBe('SUCCESS');
    const page = await caller.call('issuing.cardholders.list', { query: { page_number: 1, page_size: 20, cardholder_status: 'SUCCESS' } }, paginated(cardholder));
    expect(page.data.map((h) => h.cardholder_id)).toContain(created.cardholder_id);
    expect(await caller.call('issuing.cardholders.retrieve', { params: { id: created.cardholder_id } }, cardholder)).toMatchObject({ email: HOLDERS[sdk].email });
    const updated = await caller.call(
      'issuing.cardholders.update',
      { params: { id: created.cardholder_id }, body: { nationality: 'SG', date_of_birth: '1988-03-02', residential_address: { country: 'SG', city: 'Singapore', line1: '8 Marina View' } } },
      createCardholderResponse,
    );
    expect(updated.cardholder_id).toBe(created.cardholder_id);
  });

  it('products: list', async () => {
    const page = await sdks[sdk].call('issuing.products.list', { query: { page_number: 1, page_size: 20 } }, paginated(cardProduct));
    expect(page.data[0]).toMatchObject({ mode_type: 'SINGLE', product_status: 'ENABLED' });
  });

  it('reports: create (the README body) and download', async () => {
    const caller = sdks[sdk];
    const report = await caller.call('issuing.reports.create', { body: { report_type: 'SETTLEMENT', start_time: '2026-01-01T00:00:00Z', end_time: '2026-01-31T23:59:59Z' } }, createReportResponse);
    // Node types the download as ArrayBuffer (text until its http.ts reads binary), Python as the raw content.
    const csv = await caller.call('issuing.reports.download', { params: { id: report.report_id } }, z.string());
    expect(csv.length).toBeGreaterThan(0);
  });

  it('merchant brands: list (Node by merchant_code, as its test; Python with the page only, as its test)', async () => {
    const query = sdk === 'node' ? { page_size: 10, page_number: 1, merchant_code: '5411' } : { page_size: 10, page_number: 1 };
    const page = await sdks[sdk].call(sdk === 'node' ? 'issuing.merchantBrands.list' : 'issuing.merchant_brands.list', { query }, paginated(merchantBrand));
    expect(page.data.length).toBeGreaterThan(0);
  });
});

replayedEveryMethod(__filename);
