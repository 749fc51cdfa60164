import { startTestApp, type TestApp } from '../../support/app';
import type { Client } from '../../support/client';
import { samples, uploadOne } from '../../onboarding/files/fixtures';
import { productOf } from '../cards/fixtures';
import { createHolder, freshPhone, holderBody, issuer } from './fixtures';

/** Issue 10: cardholder identity images (front, back, hand) given as file ids name the caller's uploads. */

let t: TestApp;
let c: Client;
let mine: string;
let theirs: string;
const UNKNOWN = '00000000-0000-4000-8000-0000000f11e5';

async function uploaded(as: Client): Promise<string> {
  const res = await uploadOne(as, 'passport.jpg', samples.jpeg());
  if (res.status !== 200) throw new Error(`upload failed: ${JSON.stringify(res.body)}`);
  return res.body.file_id as string;
}

beforeAll(async () => {
  t = await startTestApp();
  c = await issuer(t, 'Identity files issuer');
  mine = await uploaded(c);
  theirs = await uploaded(await issuer(t, 'Other issuer'));
});
afterAll(() => t.close());

const unknownFile = (field: string) => ({
  type: 'invalid_request_error',
  code: 'invalid_request_error',
  message: `Invalid value for field '${field}': no uploaded file has this id (POST /v1/files/upload)`,
});
let n = 0;
const passport = (over: Record<string, string> = {}) => ({ type: 'PASSPORT', number: `P${process.pid}X${++n}`, front_file: mine, hand_file: mine, ...over });
const idCard = (over: Record<string, string> = {}) => ({ type: 'ID_CARD', number: `S${process.pid}Y${++n}`, front_file: mine, back_file: mine, ...over });

describe('CI14 / CI17 identity files (spec 4.11-4.13)', () => {
  it('accepts uploaded file ids for front, back and hand, and inline base64 as before', async () => {
    expect((await c.post('/v1/issuing/cardholders', holderBody({ identity: passport() }))).status).toBe(200);
    expect((await c.post('/v1/issuing/cardholders', holderBody({ identity: idCard() }))).status).toBe(200);
    expect((await c.post('/v1/issuing/cardholders', holderBody({ identity: passport({ front_file: 'aGk=', hand_file: 'aGk=' }) }))).status).toBe(200);
  });

  it.each<[string, () => Record<string, string>, string]>([
    ['an unknown front_file', () => passport({ front_file: UNKNOWN }), 'identity.front_file'],
    ["another tenant's back_file", () => idCard({ back_file: theirs }), 'identity.back_file'],
    ["another tenant's hand_file", () => passport({ hand_file: theirs }), 'identity.hand_file'],
  ])('CI14 refuses %s in the issuance envelope, creating nothing', async (_case, identity, field) => {
    const before = await t.db.prisma.cardholder.count();
    const res = await c.post('/v1/issuing/cardholders', holderBody({ identity: identity() }));
    expect([res.status, res.body]).toEqual([400, unknownFile(field)]);
    expect(await t.db.prisma.cardholder.count()).toBe(before);
  });

  it('CI17 refuses an unknown file id and leaves the holder unchanged', async () => {
    const { cardholder_id } = await createHolder(c);
    const res = await c.post(`/v1/issuing/cardholders/${cardholder_id}`, { date_of_birth: '1990-05-17', identity: passport({ front_file: theirs }) });
    expect([res.status, res.body]).toEqual([400, unknownFile('identity.front_file')]);
    expect((await c.get(`/v1/issuing/cardholders/${cardholder_id}`)).body.identity).toBeUndefined();
    const ok = await c.post(`/v1/issuing/cardholders/${cardholder_id}`, { date_of_birth: '1990-05-17', identity: passport() });
    expect(ok.status).toBe(200);
  });

  it('CI1 one-step mode checks the inline holder the same way, writing no card', async () => {
    const cards = await t.db.prisma.card.count();
    const res = await c.post('/v1/issuing/cards', {
      card_currency: 'USD',
      card_product_id: await productOf(c, '428852'),
      cardholder_required_fields: holderBody({ identity: passport({ hand_file: UNKNOWN }) }),
    });
    expect([res.status, res.body]).toEqual([400, unknownFile('cardholder_required_fields.identity.hand_file')]);
    expect(await t.db.prisma.card.count()).toBe(cards);
  });
});

describe('GraphQL createCardholder / updateCardholder identity files', () => {
  type Refused = { userErrors: { field: string[] | null; message: string; code: string }[] };
  const CREATE = 'mutation($input: CreateCardholderInput!) { createCardholder(input: $input) { cardholder { id identity { type number } } userErrors { field message code } } }';
  const input = (identity: Record<string, string>) => ({
    email: `gql.files.${++n}@example.com`, firstName: 'Grace', lastName: 'Hopper', countryCode: 'US', phoneNumber: freshPhone(), dateOfBirth: '1980-12-09', identity,
  });

  it('accepts an uploaded file id and refuses another tenant\'s, naming the camelCase field', async () => {
    const ok = await c.gql<{ createCardholder: { cardholder: { identity: { type: string } } } }, unknown>(CREATE, { input: input({ type: 'PASSPORT', number: `G${++n}`, frontFile: mine, handFile: mine }) });
    expect(ok.errors).toBeUndefined();
    expect(ok.data?.createCardholder?.cardholder.identity.type).toBe('PASSPORT');
    const bad = await c.gql<{ createCardholder: Refused }, unknown>(CREATE, { input: input({ type: 'PASSPORT', number: `G${++n}`, frontFile: mine, handFile: theirs }) });
    expect(bad.errors).toBeUndefined();
    expect(bad.data!.createCardholder.userErrors[0]).toMatchObject({
      message: "Invalid value for field 'identity.handFile': no uploaded file has this id (POST /v1/files/upload)",
      field: ['input', 'identity', 'handFile'],
    });
  });

  it('updateCardholder refuses an unknown back file', async () => {
    const { cardholder_id } = await createHolder(c);
    const res = await c.gql<{ updateCardholder: Refused }, unknown>('mutation($input: UpdateCardholderInput!) { updateCardholder(input: $input) { cardholder { id } userErrors { field message code } } }', {
      input: { id: cardholder_id, dateOfBirth: '1990-05-17', identity: { type: 'ID_CARD', number: `G${++n}`, frontFile: mine, backFile: UNKNOWN } },
    });
    expect(res.data!.updateCardholder.userErrors[0]!.message).toBe("Invalid value for field 'identity.backFile': no uploaded file has this id (POST /v1/files/upload)");
  });
});
