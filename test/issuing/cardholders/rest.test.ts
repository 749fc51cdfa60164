import { startTestApp, type TestApp } from '../../support/app';
import type { Client } from '../../support/client';
import { makeMaster, makeSub } from '../../support/tenants';
import { clientOf } from '../../support/client';
import { createHolder, holderBody, issuer } from './fixtures';

let t: TestApp;
let c: Client;

beforeAll(async () => {
  t = await startTestApp();
  c = await issuer(t);
});
afterAll(() => t.close());

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const A = (code: string, message: string) => ({ type: 'cardholder_error', code, message });
const invalid = (message: string) => ({ type: 'invalid_request_error', code: 'invalid_request_error', message });

describe('POST /v1/issuing/cardholders (CI14, spec 2.8)', () => {
  it('creates a cardholder, SUCCESS by default, and answers its CardholderRef', async () => {
    const res = await c.post('/v1/issuing/cardholders', holderBody());
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ cardholder_id: expect.stringMatching(UUID), cardholder_status: 'SUCCESS' });
  });

  it('retrieves it with every field of 2.8 and create_time as YYYY-MM-DD HH:MM:SS', async () => {
    const body = holderBody({
      gender: 'FEMALE',
      nationality: 'SG',
      residential_address: { country: 'SG', city: 'Singapore', line1: '1 Raffles Place', postal_code: '048616' },
    });
    const { cardholder_id } = (await c.post('/v1/issuing/cardholders', body)).body;
    const res = await c.get(`/v1/issuing/cardholders/${cardholder_id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      cardholder_id,
      email: body.email,
      number_of_cards: 0,
      first_name: 'Jane',
      last_name: "O'Neil-Smith",
      create_time: '2026-11-21 10:00:00',
      cardholder_status: 'SUCCESS',
      date_of_birth: '1990-05-17',
      country_code: 'SG',
      phone_number: body.phone_number,
      gender: 'FEMALE',
      nationality: 'SG',
      residential_address: { country: 'SG', city: 'Singapore', line1: '1 Raffles Place', postal_code: '048616' },
      review_status: 'SUCCESS',
    });
  });

  it.each([
    ['first_name', 'Jane2', 'invalid_first_name'],
    ['first_name', ' Jane', 'invalid_first_name'],
    ['first_name', 'Jane ', 'invalid_first_name'],
    ['first_name', 'Jané', 'invalid_first_name'],
    ['first_name', 'Jane@', 'invalid_first_name'],
    ['last_name', 'Sm1th', 'invalid_last_name'],
    ['last_name', '', 'invalid_last_name'],
  ])('refuses %s %j with %s', async (field, value, code) => {
    const res = await c.post('/v1/issuing/cardholders', holderBody({ [field]: value }));
    expect([res.status, res.body]).toEqual([400, A(code, 'only letters and spaces, no leading or trailing spaces')]);
  });

  it("accepts the specials 2.8 allows in names: period, comma, hyphen, apostrophe, space", async () => {
    const res = await c.post('/v1/issuing/cardholders', holderBody({ first_name: 'Mary Ann', last_name: "St. John-O'Hara, Jr." }));
    expect(res.status).toBe(200);
  });

  it.each([
    ['2008-11-22', 'under 18 on the platform clock'],
    ['1990-5-17', 'not YYYY-MM-DD'],
    ['1990-02-30', 'not a calendar day'],
    ['17/05/1990', 'another format'],
  ])('refuses date_of_birth %s (%s) with invalid_date_of_birth', async (dob) => {
    const res = await c.post('/v1/issuing/cardholders', holderBody({ date_of_birth: dob }));
    expect([res.status, res.body]).toEqual([400, A('invalid_date_of_birth', 'under 18 or not in YYYY-MM-DD form')]);
  });

  it('accepts a cardholder who turns 18 today on the platform clock', async () => {
    expect((await c.post('/v1/issuing/cardholders', holderBody({ date_of_birth: '2008-11-21' }))).status).toBe(200);
  });

  it.each([
    ['phone_number', '12345'],
    ['phone_number', '+65 1234 5678'],
    ['phone_number', '+65-12345678'],
    ['country_code', 'SGP'],
    ['country_code', 'sg'],
  ])('refuses %s %j with invalid_phone_number', async (field, value) => {
    const res = await c.post('/v1/issuing/cardholders', holderBody({ [field]: value }));
    expect([res.status, res.body]).toEqual([400, A('invalid_phone_number', 'invalid phone number or country code')]);
  });

  it('keeps email unique within the account tree, in any case, across sub-accounts', async () => {
    const master = await makeMaster(t.services, { name: 'Tree' });
    const own = await clientOf(t, master);
    const sub = await makeSub(t.services, master);
    const first = await createHolder(own, { email: 'dup@example.com' });
    expect(first.cardholder_status).toBe('SUCCESS');
    for (const cl of [own, own.as(sub.id)]) {
      const res = await cl.post('/v1/issuing/cardholders', holderBody({ email: 'DUP@example.com' }));
      expect([res.status, res.body]).toEqual([400, A('email_duplicated', 'email already used by another cardholder under account')]);
    }
    // Another tree may use it.
    expect((await c.post('/v1/issuing/cardholders', holderBody({ email: 'dup@example.com' }))).status).toBe(200);
  });

  it('keeps the phone number unique within the tree', async () => {
    const cl = await issuer(t, 'Phones');
    await createHolder(cl, { phone_number: '+6591234567' });
    const res = await cl.post('/v1/issuing/cardholders', holderBody({ phone_number: '+6591234567' }));
    expect([res.status, res.body]).toEqual([400, A('phone_number_duplicated', 'phone number used by another cardholder under account')]);
  });

  it('refuses an identity document another cardholder of the tree holds with cardholder_already_exists', async () => {
    const cl = await issuer(t, 'Docs');
    const identity = { type: 'PASSPORT', number: 'E1234567', front_file: 'aGVsbG8=', hand_file: 'aGVsbG8=' };
    await createHolder(cl, { identity });
    const res = await cl.post('/v1/issuing/cardholders', holderBody({ identity }));
    expect([res.status, res.body]).toEqual([400, A('cardholder_already_exists', 'cardholder already exists')]);
  });

  it('asks for date_of_birth with an identity document or a document (missing_date_of_birth)', async () => {
    const identity = { type: 'PASSPORT', number: 'X7654321', front_file: 'aGk=', hand_file: 'aGk=' };
    for (const extra of [{ identity }, { document_type: 'pdf', document: 'JVBERi0=' }]) {
      const res = await c.post('/v1/issuing/cardholders', holderBody({ date_of_birth: undefined, ...extra }));
      expect([res.status, res.body]).toEqual([400, A('missing_date_of_birth', 'date of birth needed for document upload')]);
    }
  });

  it('needs a complete delivery address (invalid_delivery_address)', async () => {
    const res = await c.post('/v1/issuing/cardholders', holderBody({ delivery_address: { country: 'SG', city: 'Singapore', line1: '1 Main St', postal_code: '123456' } }));
    expect([res.status, res.body]).toEqual([400, A('invalid_delivery_address', 'delivery address needs country, state, city, postal_code, line1')]);
  });

  it('needs country_code for the redirect identity check (missing_country_code), and otherwise as a required field', async () => {
    const redirect = await c.post('/v1/issuing/cardholders', holderBody({ country_code: undefined, kyc_verification: { method: 'SUMSUB_REDIRECT' } }));
    expect([redirect.status, redirect.body]).toEqual([400, A('missing_country_code', 'country_code required when kyc_method is IDVPROVIDER_REDIRECT')]);
    const plain = await c.post('/v1/issuing/cardholders', holderBody({ country_code: undefined }));
    expect([plain.status, plain.body]).toEqual([400, invalid("Field 'country_code' is required")]);
  });

  it.each([
    [{ email: undefined }, "Field 'email' is required"],
    [{ first_name: undefined }, "Field 'first_name' is required"],
    [{ phone_number: 6512345678 }, "Invalid type for field 'phone_number'"],
    [{ email: 'not-an-email' }, "Invalid value for field 'email': must be an email address"],
    [{ gender: 'X' }, "Invalid value for field 'gender': must be one of MALE, FEMALE, OTHER"],
    [{ nationality: 'SGP' }, "Invalid value for field 'nationality': must be an ISO 3166-1 alpha-2 code"],
    [{ residential_address: { country: 'SG', city: 'Singapore' } }, "Field 'residential_address.line1' is required"],
    [{ identity: { type: 'ID_CARD', number: 'S123', front_file: 'aGk=' } }, "Field 'identity.back_file' is required"],
  ])('refuses %j with envelope A invalid_request_error', async (over, message) => {
    const res = await c.post('/v1/issuing/cardholders', holderBody(over));
    expect([res.status, res.body]).toEqual([400, invalid(message)]);
  });

  it('answers malformed JSON with envelope B "Params JSON error"', async () => {
    const res = await t.inject({
      method: 'POST',
      url: '/api/v1/issuing/cardholders',
      payload: '{"email": ',
      headers: { 'x-auth-token': c.token!, 'content-type': 'application/json', 'x-idempotency-key': 'k-1' },
    });
    expect([res.statusCode, res.json()]).toEqual([400, { code: 400, message: 'Params JSON error' }]);
  });

  it('writes cardholder.create.succeeded with event_type ISSUING', async () => {
    const { cardholder_id } = await createHolder(c);
    const events = await t.db.prisma.outboxEvent.findMany({ where: { sourceId: cardholder_id } });
    expect(events.map((e) => [e.eventName, e.eventType])).toEqual([['cardholder.create.succeeded', 'ISSUING']]);
  });
});

describe('GET /v1/issuing/cardholders (CI15, spec 4.12) and /:id (CI16, 4.13)', () => {
  it('lists newest first, filters by cardholder_status, pages 10-100', async () => {
    const cl = await issuer(t, 'Lister');
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      t.clock.advance(1);
      ids.push((await createHolder(cl)).cardholder_id);
    }
    await createHolder(cl, { kyc_verification: { method: 'THIRD_PARTY' } });
    const all = await cl.get('/v1/issuing/cardholders', { page_size: 10, page_number: 1 });
    expect(all.body).toMatchObject({ total_pages: 1, total_items: 4 });
    const success = await cl.get('/v1/issuing/cardholders', { page_size: 10, page_number: 1, cardholder_status: 'SUCCESS' });
    expect((success.body.data as { cardholder_id: string }[]).map((h) => h.cardholder_id)).toEqual([...ids].reverse());
    const pending = await cl.get('/v1/issuing/cardholders', { cardholder_status: 'pending' });
    expect(pending.body.total_items).toBe(1);
    const bad = await cl.get('/v1/issuing/cardholders', { cardholder_status: 'DONE' });
    expect([bad.status, bad.body]).toEqual([400, invalid("Invalid value for field 'cardholder_status': must be one of PENDING, SUCCESS, INCOMPLETE, FAILED")]);
    const small = await cl.get('/v1/issuing/cardholders', { page_size: 5 });
    expect([small.status, small.body]).toEqual([400, invalid("Invalid value for field 'page_size': must be an integer from 10 to 100")]);
  });

  it("answers an unknown, malformed or another account's id with cardholder_not_found", async () => {
    const { cardholder_id } = await createHolder(c);
    const other = await issuer(t, 'Other');
    for (const [cl, id] of [[other, cardholder_id], [c, '00000000-0000-4000-8000-000000000000'], [c, 'nope']] as const) {
      const res = await cl.get(`/v1/issuing/cardholders/${id}`);
      expect([res.status, res.body]).toEqual([400, A('cardholder_not_found', 'cardholder not found or deactivated')]);
    }
  });
});

describe('POST /v1/issuing/cardholders/:id (CI17)', () => {
  it('changes the given fields, re-checks their rules and writes cardholder.updated', async () => {
    const { cardholder_id } = await createHolder(c);
    const res = await c.post(`/v1/issuing/cardholders/${cardholder_id}`, { email: 'new.address@example.com', gender: 'MALE' });
    expect([res.status, res.body]).toEqual([200, { cardholder_id, cardholder_status: 'SUCCESS' }]);
    expect((await c.get(`/v1/issuing/cardholders/${cardholder_id}`)).body).toMatchObject({ email: 'new.address@example.com', gender: 'MALE', first_name: 'Jane' });
    const bad = await c.post(`/v1/issuing/cardholders/${cardholder_id}`, { date_of_birth: '2010-01-01' });
    expect([bad.status, bad.body]).toEqual([400, A('invalid_date_of_birth', 'under 18 or not in YYYY-MM-DD form')]);
    const events = await t.db.prisma.outboxEvent.findMany({ where: { sourceId: cardholder_id }, orderBy: { createdAt: 'asc' } });
    expect(events.map((e) => e.eventName)).toEqual(['cardholder.create.succeeded', 'cardholder.updated']);
  });

  it('refuses another cardholder\'s email or phone of the tree, and accepts its own', async () => {
    const cl = await issuer(t, 'Updater');
    const a = await createHolder(cl, { email: 'a@example.com', phone_number: '+6590000001' });
    await createHolder(cl, { email: 'b@example.com', phone_number: '+6590000002' });
    expect((await cl.post(`/v1/issuing/cardholders/${a.cardholder_id}`, { email: 'B@example.com' })).body).toEqual(A('email_duplicated', 'email already used by another cardholder under account'));
    expect((await cl.post(`/v1/issuing/cardholders/${a.cardholder_id}`, { phone_number: '+6590000002' })).body).toEqual(A('phone_number_duplicated', 'phone number used by another cardholder under account'));
    expect((await cl.post(`/v1/issuing/cardholders/${a.cardholder_id}`, { email: 'a@example.com', phone_number: '+6590000001' })).status).toBe(200);
  });

  it('refuses a document already successfully reviewed (document_duplicated)', async () => {
    const identity = { type: 'PASSPORT', number: 'K1111111', front_file: 'aGk=', hand_file: 'aGk=' };
    const { cardholder_id } = await createHolder(c, { identity });
    const res = await c.post(`/v1/issuing/cardholders/${cardholder_id}`, { identity });
    expect([res.status, res.body]).toEqual([400, A('document_duplicated', 'document already successfully reviewed')]);
  });

  it('answers cardholder_not_found for an unknown id', async () => {
    const res = await c.post('/v1/issuing/cardholders/00000000-0000-4000-8000-000000000000', { gender: 'MALE' });
    expect([res.status, res.body]).toEqual([400, A('cardholder_not_found', 'cardholder not found or deactivated')]);
  });
});
