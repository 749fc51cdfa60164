import { startTestApp, type TestApp } from '../../support/app';
import { clientOf, type Client, type RestReply } from '../../support/client';
import { makeMaster } from '../../support/tenants';
import { createBeneficiary, swiftCompany } from './fixtures';

/** PO9 check and PO10 payment methods over REST. */

let t: TestApp;
let alpha: Client;
let beta: Client;

beforeAll(async () => {
  t = await startTestApp();
  alpha = await clientOf(t, await makeMaster(t.services, { name: 'Alpha' }));
  beta = await clientOf(t, await makeMaster(t.services, { name: 'Beta' }));
});
afterAll(() => t.close());

const outcome = (res: RestReply) => [res.status, res.body];

describe('PO9 check', () => {
  const check = (body: unknown, c = alpha) => c.post('/v1/beneficiaries/check', body);
  const candidate = {
    entity_type: 'COMPANY',
    account_number: '004123456789',
    payment_method: 'SWIFT',
    currency: 'USD',
    bank_country_code: 'HK',
    company_name: 'Acme Trading (HK) Ltd.',
  };

  it('answers the matching beneficiary on file', async () => {
    const checker = await clientOf(t, await makeMaster(t.services, { name: 'Checker' }));
    const ref = await createBeneficiary(checker, swiftCompany());
    const res = await check(candidate, checker);
    expect(res.status).toBe(200);
    expect(res.body).toEqual((await checker.get(`/v1/beneficiaries/${ref.beneficiary_id}`)).body);
  });

  it('answers the normalised candidate when nothing matches, with no id', async () => {
    const res = await check({ ...candidate, account_number: '555000111', iban: undefined, clearing_system: 'CHATS' }, beta);
    expect(outcome(res)).toEqual([
      200,
      {
        beneficiary_id: null,
        short_reference_id: null,
        entity_type: 'COMPANY',
        payment_method: 'SWIFT',
        email: null,
        nickname: null,
        beneficiary_status: 'VALID',
        first_name: null,
        last_name: null,
        company_name: 'Acme Trading (HK) Ltd.',
        id_number: null,
        summary: 'Acme Trading (HK) Ltd., USD account ending 0111',
        bank_details: {
          bank_name: null,
          bank_address: null,
          bank_country_code: 'HK',
          account_holder: null,
          account_currency_code: 'USD',
          swift_code: null,
          clearing_system: 'CHATS',
          account_number: '555000111',
          iban: null,
          routing_code_type1: null,
          routing_code_value1: null,
          routing_code_type2: null,
          routing_code_value2: null,
        },
        address: null,
        additional_info: null,
        create_time: null,
        update_time: null,
      },
    ]);
  });

  it('does not match a deleted beneficiary', async () => {
    const checker = await clientOf(t, await makeMaster(t.services, { name: 'Checker 2' }));
    const ref = await createBeneficiary(checker, swiftCompany());
    await checker.post(`/v1/beneficiaries/${ref.beneficiary_id}/delete`, {});
    expect((await check(candidate, checker)).body).toMatchObject({ beneficiary_id: null, beneficiary_status: 'VALID' });
  });

  it.each(['entity_type', 'account_number', 'payment_method', 'currency'])('requires %s', async (field) => {
    expect(outcome(await check({ ...candidate, [field]: undefined }))).toEqual([400, { code: 400, message: `Field '${field}' is required` }]);
  });

  it("takes an IBAN for the account number, as the official clients' contract allows", async () => {
    const res = await check({ ...candidate, account_number: undefined, currency: 'EUR', bank_country_code: 'DE', iban: 'DE89 3704 0044 0532 0130 00' });
    expect(res.status).toBe(200);
    expect(res.body.bank_details).toMatchObject({ iban: 'DE89370400440532013000', bank_country_code: 'DE' });
  });

  it('routes a default-route currency without bank_country_code to its home country; other currencies need it', async () => {
    const { bank_country_code: _hk, ...noCountry } = candidate;
    const usd = await check({ ...noCountry, entity_type: 'INDIVIDUAL', company_name: undefined, payment_method: 'LOCAL', first_name: 'Ann', last_name: 'Lee' });
    expect(usd.status).toBe(200);
    expect(usd.body.bank_details).toMatchObject({ bank_country_code: 'US', account_currency_code: 'USD' });
    expect(outcome(await check({ ...noCountry, currency: 'CNH' }))).toEqual([400, { code: 400, message: "Field 'bank_country_code' is required" }]);
  });

  it('runs the SWIFT character rule on the names given', async () => {
    expect(outcome(await check({ ...candidate, company_name: '星辰贸易' }))).toEqual([
      400,
      { code: 400, message: "Invalid value for field 'company_name': with payment_method SWIFT only English letters, digits, spaces and - / ? : ( ) . ' + , are allowed" },
    ]);
  });

  it('refuses LOCAL where the payment method table has none', async () => {
    expect(outcome(await check({ ...candidate, payment_method: 'LOCAL' }))).toEqual([
      400,
      { code: 400, message: "Invalid value for field 'payment_method': LOCAL is not available for USD to a bank in HK; use SWIFT" },
    ]);
  });

  it('checks the iban', async () => {
    expect(outcome(await check({ ...candidate, iban: 'GB00WEST12345698765432' }))).toEqual([
      400,
      { code: 400, message: "Invalid value for field 'iban': must be a valid IBAN" },
    ]);
  });

  it('writes nothing', async () => {
    const before = await t.db.prisma.beneficiary.count();
    await check({ ...candidate, account_number: '777' });
    expect(await t.db.prisma.beneficiary.count()).toBe(before);
  });
});

describe('PO10 payment methods', () => {
  const methods = (query: string) => alpha.get(`/v1/beneficiaries/paymentmethods?${query}`);

  it("offers LOCAL and SWIFT for the country's own currency", async () => {
    expect(outcome(await methods('currency=SGD&country=SG'))).toEqual([
      200,
      [
        { payment_method: 'LOCAL', name: 'Local transfer', description: 'Local bank transfer of SGD to a bank in SG' },
        { payment_method: 'SWIFT', name: 'SWIFT', description: 'International wire of SGD to a bank in SG over the SWIFT network' },
      ],
    ]);
  });

  it('offers only SWIFT for a foreign currency', async () => {
    expect((await methods('currency=USD&country=SG')).body).toEqual([
      { payment_method: 'SWIFT', name: 'SWIFT', description: 'International wire of USD to a bank in SG over the SWIFT network' },
    ]);
  });

  it('offers LOCAL for CNH in CN and in HK', async () => {
    for (const country of ['CN', 'HK']) {
      const res = await methods(`currency=CNH&country=${country}`);
      expect((res.body as unknown as { payment_method: string }[]).map((m) => m.payment_method)).toEqual(['LOCAL', 'SWIFT']);
    }
  });

  it.each([
    ['country=SG', "Field 'currency' is required"],
    ['currency=SGD', "Field 'country' is required"],
    ['currency=SGD&country=SGP', "Invalid value for field 'country': must be an ISO 3166-1 alpha-2 country code"],
    ['currency=XAU&country=SG', "Invalid value for field 'currency': currency is not supported"],
  ])('refuses %s', async (query, message) => {
    expect(outcome(await methods(query))).toEqual([400, { code: 400, message }]);
  });
});
