import { ConfigError, loadConfig } from '../../src/config';
import { startTestApp, type TestApp } from '../support/app';
import { clientOf, type Client } from '../support/client';
import { makeMaster } from '../support/tenants';
import { card, intentBody } from '../acquiring/payments/fixtures';
import { samples, uploadOne } from '../onboarding/files/fixtures';
import { productionMaster, PUBLIC_BASE, startProductionApp } from './support';

const env = (vars: Record<string, string>) => loadConfig({ PAYRAIL_DATA_DIR: '/tmp/payrail-test-unused', ...vars });
/** What a request may claim to be addressed to: links must not follow it. */
const FORGED_HOST = { host: 'attacker.example', 'x-forwarded-host': 'attacker.example', 'x-forwarded-proto': 'http' };

describe('PAYRAIL_PUBLIC_BASE_URL', () => {
  it('is required in production, over https', () => {
    expect(() => env({ PAYRAIL_MODE: 'production' })).toThrow(ConfigError);
    expect(() => env({ PAYRAIL_MODE: 'production' })).toThrow(/PAYRAIL_MODE=production needs PAYRAIL_PUBLIC_BASE_URL/);
    expect(() => env({ PAYRAIL_MODE: 'production', PAYRAIL_PUBLIC_BASE_URL: 'http://pay.example.com' })).toThrow(/must be an https address in production/);
    expect(env({ PAYRAIL_MODE: 'production', PAYRAIL_PUBLIC_BASE_URL: 'https://pay.example.com/' }).publicBaseUrl).toBe('https://pay.example.com');
  });

  it('is an address with an optional path prefix, nothing more', () => {
    expect(env({}).publicBaseUrl).toBeUndefined();
    expect(env({ PAYRAIL_PUBLIC_BASE_URL: 'http://127.0.0.1:4000' }).publicBaseUrl).toBe('http://127.0.0.1:4000');
    expect(env({ PAYRAIL_PUBLIC_BASE_URL: 'https://example.com/payrail//' }).publicBaseUrl).toBe('https://example.com/payrail');
    for (const bad of ['pay.example.com', 'ftp://pay.example.com', 'https://u:p@pay.example.com', 'https://pay.example.com/?x=1', 'https://pay.example.com/#top']) {
      expect(() => env({ PAYRAIL_PUBLIC_BASE_URL: bad })).toThrow(ConfigError);
    }
  });
});

describe('links are built on the public base URL, whatever Host a request names', () => {
  let prod: TestApp;
  let sandbox: TestApp;
  beforeAll(async () => {
    prod = await startProductionApp();
    sandbox = await startTestApp({ config: { publicBaseUrl: 'https://sandbox.example.test' } });
  });
  afterAll(async () => {
    await prod.close();
    await sandbox.close();
  });

  it('production: a file download link (REST and GraphQL)', async () => {
    const c: Client = (await clientOf(prod, await productionMaster(prod.services, 'Linker'))).withHeaders(FORGED_HOST);
    const up = await uploadOne(c, 'doc.pdf', samples.pdf());
    expect(up.status).toBe(200);
    const rest = await c.post('/v1/files/download_links', { file_ids: [up.body.file_id] }, { key: null });
    expect(rest.body.files[0].url).toMatch(new RegExp(`^${PUBLIC_BASE}/api/v1/files/download/`));
    const gql = await c.gql('mutation L($ids: [ID!]!) { fileDownloadLinks(input: { fileIds: $ids }) { fileDownloadLinks { files { url } } userErrors { field message code } } }', { ids: [up.body.file_id] });
    expect(gql.errors).toBeUndefined();
    expect((gql.data as { fileDownloadLinks: { fileDownloadLinks: { files: { url: string }[] } } }).fileDownloadLinks.fileDownloadLinks!.files[0]!.url).toMatch(new RegExp(`^${PUBLIC_BASE}/api/v1/files/download/`));
  });

  it('sandbox with a base URL: the 3-D Secure page of next_action (REST and GraphQL)', async () => {
    const tenant = await makeMaster(sandbox.services, { name: 'Challenged' });
    const c = (await clientOf(sandbox, tenant)).withHeaders({ 'x-client-id': tenant.clientId, ...FORGED_HOST });
    const rest = await c.post('/v2/payment_intents/create', intentBody(card('4000000000003220')));
    expect(rest.body.next_action.redirect_to_url.url).toMatch(/^https:\/\/sandbox\.example\.test\/pay\/3ds\//);
    const gql = await c.gql(`query I($id: ID!) { paymentIntent(id: $id) { nextAction { redirectToUrl { url } } } }`, { id: rest.body.payment_intent_id });
    expect((gql.data as { paymentIntent: { nextAction: { redirectToUrl: { url: string } } } }).paymentIntent.nextAction.redirectToUrl.url).toBe(rest.body.next_action.redirect_to_url.url);
  });
});
