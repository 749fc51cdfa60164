import { startTestApp, type TestApp } from '../../support/app';
import { eventData, deliveredData } from '../../support/events';
import type { Client, Json } from '../../support/client';
import { createHolder, holderBody, issuer } from '../cardholders/fixtures';
import { productOf } from './fixtures';

let t: TestApp;
let c: Client;

beforeAll(async () => {
  t = await startTestApp();
  c = await issuer(t, 'One-step issuer');
});
afterAll(() => t.close());

const UUID = /^[0-9a-f-]{36}$/;
const holderError = (code: string, message: string) => ({ type: 'cardholder_error', code, message });

/** A CI1 body in one-step mode: no cardholder_id, the holder in cardholder_required_fields. */
/** `null`: no block at all. */
async function oneStep(block: Json | null = holderBody(), over: Json = {}): Promise<Json> {
  const body: Json = { card_currency: 'USD', card_product_id: await productOf(c, '428852'), ...over };
  if (block !== null) body.cardholder_required_fields = block;
  return body;
}

/** Counts of what a create could write: a refused one-step create writes none of them. */
const written = async () => ({
  cards: await t.db.prisma.card.count(),
  holders: await t.db.prisma.cardholder.count(),
  secrets: await t.db.prisma.cardSecret.count(),
});

describe('CI1 one-step mode (endpoints.md 3.5 cardholder_required_fields)', () => {
  it('creates the holder inline with the card, and says so', async () => {
    const block = holderBody();
    const res = await c.post('/v1/issuing/cards', await oneStep(block));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      card_id: expect.stringMatching(UUID),
      cardholder_id: expect.stringMatching(UUID),
      cardholder_created: true,
      cardholder_status: 'SUCCESS',
      kyc_method: 'THIRD_PARTY',
      verification_status: 'VERIFIED',
    });
    expect(res.body.message).toBeUndefined();
    const holder = await c.get(`/v1/issuing/cardholders/${res.body.cardholder_id}`);
    expect(holder.body).toMatchObject({ email: block.email, first_name: 'Jane', number_of_cards: 1 });
    const events = await t.db.prisma.outboxEvent.findMany({ where: { sourceId: res.body.cardholder_id as string } });
    expect(events.map((e) => e.eventName)).toEqual(['cardholder.create.succeeded']);
    // Issue 11: the event is the holder as CI16 answers it after the request, its new card counted.
    expect(deliveredData(events[0]!)).toEqual({ nationality: '', idv_status: '', ...holder.body, idv_provider: '' });
  });

  it('reports a pending identity check: THIRD_PARTY under review, redirect with its link', async () => {
    const third = await c.post('/v1/issuing/cards', await oneStep(holderBody({ kyc_verification: { method: 'THIRD_PARTY' } })));
    expect(third.body).toMatchObject({ cardholder_status: 'PENDING', kyc_method: 'THIRD_PARTY', verification_status: 'UNDER_REVIEW', message: expect.any(String) });
    const redirect = await c.post('/v1/issuing/cards', await oneStep(holderBody({ kyc_verification: { method: 'IDVPROVIDER_REDIRECT' } })));
    expect(redirect.body).toMatchObject({
      cardholder_status: 'PENDING',
      kyc_method: 'IDVPROVIDER_REDIRECT',
      verification_status: 'ACTION_REQUIRED',
      idv_verification_url: expect.stringContaining('/issuing/idv/'),
      idv_url_expires_at: expect.any(String),
    });
  });

  it('requires the block without cardholder_id, and its five fields', async () => {
    const none = await c.post('/v1/issuing/cards', await oneStep(null));
    expect(none.status).toBe(400);
    expect(none.body).toMatchObject({ type: 'invalid_request_error', message: expect.stringContaining("'cardholder_required_fields'") });
    for (const field of ['email', 'first_name', 'last_name', 'country_code', 'phone_number']) {
      const res = await c.post('/v1/issuing/cards', await oneStep(holderBody({ [field]: undefined })));
      expect(res.status).toBe(400);
      expect(res.body.message).toContain(`'cardholder_required_fields.${field}'`);
    }
  });

  it.each([
    [{ first_name: 'J4ne' }, holderError('invalid_first_name', 'only letters and spaces, no leading or trailing spaces')],
    [{ phone_number: 'abc' }, holderError('invalid_phone_number', 'invalid phone number or country code')],
    [{ date_of_birth: '2020-01-01' }, holderError('invalid_date_of_birth', 'under 18 or not in YYYY-MM-DD form')],
  ])('refuses a holder-rule failure %j with the CI14 message, writing nothing', async (over, error) => {
    const body = await oneStep(holderBody(over));
    const before = await written();
    const res = await c.post('/v1/issuing/cards', body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(error);
    expect(await written()).toEqual(before);
  });

  it('refuses a duplicate email found inside the transaction: neither holder nor card (nor PAN) is written', async () => {
    const existing = holderBody();
    await createHolder(c, existing);
    const body = await oneStep(holderBody({ email: existing.email }));
    const before = await written();
    const res = await c.post('/v1/issuing/cards', body);
    expect(res.body).toEqual(holderError('email_duplicated', 'email already used by another cardholder under account'));
    expect(await written()).toEqual(before);
  });

  it('with cardholder_id, fills only the data the holder lacks', async () => {
    const holder = await createHolder(c, { date_of_birth: undefined });
    const res = await c.post(
      '/v1/issuing/cards',
      await oneStep({ date_of_birth: '1985-02-03', gender: 'FEMALE', first_name: 'Other' }, { cardholder_id: holder.cardholder_id }),
    );
    expect(res.status).toBe(200);
    expect(res.body.cardholder_created).toBeUndefined();
    expect(res.body.cardholder_id).toBe(holder.cardholder_id);
    const got = (await c.get(`/v1/issuing/cardholders/${holder.cardholder_id}`)).body;
    expect(got).toMatchObject({ date_of_birth: '1985-02-03', gender: 'FEMALE', first_name: 'Jane', number_of_cards: 1 });
    // Issue 11: the fill's event is the holder as CI16 answers it after the request, its new card counted.
    expect(await eventData(t, holder.cardholder_id, 'cardholder.updated')).toEqual({ nationality: '', idv_status: '', ...got, idv_provider: '' });
    const again = await c.post('/v1/issuing/cards', await oneStep({ date_of_birth: '1970-01-01' }, { cardholder_id: holder.cardholder_id }));
    expect(again.status).toBe(200);
    expect((await c.get(`/v1/issuing/cardholders/${holder.cardholder_id}`)).body.date_of_birth).toBe('1985-02-03');
  });

  it('with cardholder_id, refuses a block that breaks a holder rule, writing nothing', async () => {
    const holder = await createHolder(c, { date_of_birth: undefined });
    const body = await oneStep({ date_of_birth: '2015-01-01' }, { cardholder_id: holder.cardholder_id });
    const before = await written();
    expect((await c.post('/v1/issuing/cards', body)).body).toEqual(holderError('invalid_date_of_birth', 'under 18 or not in YYYY-MM-DD form'));
    expect(await written()).toEqual(before);
  });
});
