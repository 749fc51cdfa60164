import { startTestApp, type TestApp } from '../../support/app';
import type { Client } from '../../support/client';
import { eventData } from '../../support/events';
import { advance } from '../../support/sandbox';
import { productOf } from '../cards/fixtures';
import { createHolder, issuer } from './fixtures';

/**
 * Issue 11: a cardholder event's `data` is the holder as GET /v1/issuing/cardholders/{id} (CI16)
 * answers it at the step that wrote it, without the IDV link (written on the origin a request
 * reached), plus the official client's payload fields the REST object leaves out ('' when empty).
 * The test clock only moves when the test advances it.
 */
let t: TestApp;
let c: Client;

beforeAll(async () => {
  t = await startTestApp();
  c = await issuer(t, 'Cardholder events');
});
afterAll(() => t.close());

async function expectEventIsGet(id: string, eventName: string, idvProvider = '') {
  const got = await c.get(`/v1/issuing/cardholders/${id}`);
  expect(got.status).toBe(200);
  const { idv_verification_url: _url, idv_url_expires_at: _expires, ...rest } = got.body;
  expect(await eventData(t, id, eventName)).toEqual({ date_of_birth: '', nationality: '', idv_status: '', ...rest, idv_provider: idvProvider });
}

describe('cardholder events carry the holder as CI16 answers it (issue 11)', () => {
  it('cardholder.create.succeeded and cardholder.updated, with number_of_cards as the holder has them', async () => {
    const { cardholder_id } = await createHolder(c, { date_of_birth: undefined });
    await expectEventIsGet(cardholder_id, 'cardholder.create.succeeded');
    expect((await c.post(`/v1/issuing/cardholders/${cardholder_id}`, { gender: 'FEMALE', nationality: 'SG' })).status).toBe(200);
    await expectEventIsGet(cardholder_id, 'cardholder.updated');
    const card = await c.post('/v1/issuing/cards', { card_currency: 'USD', card_product_id: await productOf(c, '428852'), cardholder_id });
    expect(card.status).toBe(200);
    expect((await c.post(`/v1/issuing/cardholders/${cardholder_id}`, { date_of_birth: '1991-02-03' })).status).toBe(200);
    expect((await c.get(`/v1/issuing/cardholders/${cardholder_id}`)).body.number_of_cards).toBe(1);
    await expectEventIsGet(cardholder_id, 'cardholder.updated');
  });

  it('cardholder.kyc.status_changed of a THIRD_PARTY check ending on the clock', async () => {
    const { cardholder_id } = await createHolder(c, { kyc_verification: { method: 'THIRD_PARTY' } });
    await expectEventIsGet(cardholder_id, 'cardholder.create.succeeded');
    await advance(c, 5);
    expect((await c.get(`/v1/issuing/cardholders/${cardholder_id}`)).body.cardholder_status).toBe('SUCCESS');
    await expectEventIsGet(cardholder_id, 'cardholder.kyc.status_changed');
  });

  it('a redirect check: the event leaves out the IDV link and names the provider', async () => {
    const ref = await createHolder(c, { kyc_verification: { method: 'SUMSUB_REDIRECT' } });
    expect((await c.get(`/v1/issuing/cardholders/${ref.cardholder_id}`)).body.idv_verification_url).toBe(ref.idv_verification_url);
    await expectEventIsGet(ref.cardholder_id, 'cardholder.create.succeeded', 'PAYRAIL_SANDBOX');
    const approved = await t.inject({ method: 'POST', url: `${new URL(ref.idv_verification_url).pathname}/approve` });
    expect(approved.statusCode).toBe(200);
    await expectEventIsGet(ref.cardholder_id, 'cardholder.kyc.status_changed', 'PAYRAIL_SANDBOX');
  });
});
