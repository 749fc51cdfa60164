import { startTestApp, type TestApp } from '../../support/app';
import { clientOf, type Client } from '../../support/client';
import { makeMaster } from '../../support/tenants';
import { cnLocal, individual, sgLocal, swiftCompany, withFields, type Ref } from './fixtures';

/** POST /v1/beneficiaries (PO4): every rule of spec 2.12 and 8, each with its exact answer. */

let t: TestApp;
let c: Client;

beforeAll(async () => {
  t = await startTestApp();
  c = await clientOf(t, await makeMaster(t.services, { name: 'Payer' }));
});
afterAll(() => t.close());

async function refuses(body: unknown, message: string) {
  const res = await c.post('/v1/beneficiaries', body);
  expect([res.status, res.body]).toEqual([400, { code: 400, message }]);
}

async function accepts(body: unknown) {
  const res = await c.post<Ref>('/v1/beneficiaries', body);
  expect([res.status, res.raw]).toEqual([200, expect.any(String)]);
  const stored = await c.get<Record<string, unknown> & { bank_details: Record<string, unknown> }>(`/v1/beneficiaries/${res.body.beneficiary_id}`);
  expect(stored.status).toBe(200);
  return stored.body;
}

const SWIFT_RULE = "with payment_method SWIFT only English letters, digits, spaces and - / ? : ( ) . ' + , are allowed";

describe('creation answer', () => {
  it('answers {beneficiary_id (UUID v4), short_reference_id} with 200', async () => {
    const res = await c.post('/v1/beneficiaries', swiftCompany());
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      beneficiary_id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
      short_reference_id: expect.stringMatching(/^BE[2-9A-HJ-NP-Z]{6}$/),
    });
  });

  it('requires an x-idempotency-key', async () => {
    const res = await c.post('/v1/beneficiaries', swiftCompany(), { key: null });
    expect([res.status, res.body]).toEqual([400, { code: 400, message: 'Idempotency key error' }]);
  });

  it('refuses a body that is not an object', () => refuses([swiftCompany()], "Invalid type for field 'body'"));
});

describe('entity_type', () => {
  it('defaults to COMPANY when absent', async () => {
    const stored = await accepts(withFields(swiftCompany(), { entity_type: undefined }));
    expect(stored.entity_type).toBe('COMPANY');
  });

  it('refuses a value other than COMPANY or INDIVIDUAL', () =>
    refuses(withFields(swiftCompany(), { entity_type: 'TRUST' }), "Invalid value for field 'entity_type': must be one of COMPANY, INDIVIDUAL"));

  it('refuses a non-string entity_type', () => refuses(withFields(swiftCompany(), { entity_type: 1 }), "Invalid type for field 'entity_type'"));
});

describe('company_name', () => {
  it('is required for COMPANY', () => refuses(withFields(swiftCompany(), { company_name: undefined }), "Field 'company_name' is required"));

  it('counts a blank company_name as missing', () => refuses(withFields(swiftCompany(), { company_name: '   ' }), "Field 'company_name' is required"));

  it('refuses a non-string company_name', () => refuses(withFields(swiftCompany(), { company_name: 42 }), "Invalid type for field 'company_name'"));

  it('accepts 120 characters and refuses 121', async () => {
    await accepts(withFields(swiftCompany(), { company_name: 'A'.repeat(120) }));
    await refuses(withFields(swiftCompany(), { company_name: 'A'.repeat(121) }), "Invalid value for field 'company_name': must be at most 120 characters");
  });

  it('counts characters, not bytes, for the 120 limit with LOCAL', async () => {
    await accepts(withFields(cnLocal(), { company_name: '贸'.repeat(120) }));
    await refuses(withFields(cnLocal(), { company_name: '贸'.repeat(121) }), "Invalid value for field 'company_name': must be at most 120 characters");
  });

  it("accepts with SWIFT English letters, digits, spaces and every symbol of - / ? : ( ) . ' + ,", async () => {
    const stored = await accepts(withFields(swiftCompany(), { company_name: "Acme-2 / Co? Ltd: (Asia). O'Neil + Sons, 99" }));
    expect(stored.company_name).toBe("Acme-2 / Co? Ltd: (Asia). O'Neil + Sons, 99");
  });

  it.each([
    ['&', 'Smith & Sons Ltd'],
    ['#', 'Shop #1 Ltd'],
    ['an accented letter', 'Société Générale'],
    ['a full-width letter', 'Ａcme Ltd'],
  ])('refuses a SWIFT company_name with %s', (_label, name) => refuses(withFields(swiftCompany(), { company_name: name }), `Invalid value for field 'company_name': ${SWIFT_RULE}`));

  it('refuses a SWIFT company_name with Chinese characters', () =>
    refuses(withFields(swiftCompany(), { company_name: '星辰贸易有限公司' }), `Invalid value for field 'company_name': ${SWIFT_RULE}`));

  it('refuses Chinese parentheses in a SWIFT company_name, even to CN in CNH', () =>
    refuses(
      withFields(cnLocal(), { payment_method: 'SWIFT', company_name: 'Xingchen Trading （Group） Co', bank_details: { swift_code: 'ICBKCNBJSHI' } }),
      `Invalid value for field 'company_name': ${SWIFT_RULE}`,
    ));

  it('allows Chinese characters and Chinese parentheses for a CN / CNH / LOCAL / COMPANY beneficiary', async () => {
    const stored = await accepts(cnLocal());
    expect(stored.company_name).toBe('上海星辰贸易（集团）有限公司');
    expect(stored.bank_details.account_holder).toBe('上海星辰贸易（集团）有限公司');
  });

  it('allows Chinese parentheses for CNH paid locally in Hong Kong', async () => {
    const body = withFields(cnLocal(), { company_name: 'Star Trading （HK） Limited', bank_details: { bank_country_code: 'HK' } });
    expect((await accepts(body)).company_name).toBe('Star Trading （HK） Limited');
  });

  it('allows local-language characters with LOCAL (Thai to Thailand in THB)', async () => {
    const body = withFields(sgLocal(), {
      company_name: 'บริษัท สยามเทรดดิ้ง จำกัด',
      bank_details: { bank_country_code: 'TH', account_currency_code: 'THB' },
      address: { country: 'TH', city: 'กรุงเทพมหานคร', street_address: 'ถนนสีลม 1', postal_code: '10500', state: 'Bangkok' },
    });
    expect((await accepts(body)).company_name).toBe('บริษัท สยามเทรดดิ้ง จำกัด');
  });

  it('refuses control characters in a LOCAL company_name', () =>
    refuses(withFields(cnLocal(), { company_name: '星辰\u0007贸易' }), "Invalid value for field 'company_name': must not contain control characters"));

  it('trims surrounding spaces', async () => {
    expect((await accepts(withFields(swiftCompany(), { company_name: '  Acme Ltd  ' }))).company_name).toBe('Acme Ltd');
  });
});

describe('the SG / SGD exemption', () => {
  it('does not require company_name and address for SG/SGD', async () => {
    const stored = await accepts(sgLocal());
    expect(stored).toMatchObject({ company_name: null, address: null, entity_type: 'COMPANY' });
  });

  it('keeps company_name and address for SG/SGD when they are sent', async () => {
    const body = withFields(sgLocal(), {
      company_name: 'Lion City Pte Ltd',
      address: { country: 'SG', city: 'Singapore', street_address: '1 Raffles Place', postal_code: '048616', state: 'Singapore' },
    });
    const stored = await accepts(body);
    expect(stored.company_name).toBe('Lion City Pte Ltd');
    expect(stored.address).toMatchObject({ city: 'Singapore', street_address: '1 Raffles Place' });
  });

  it('still checks a company_name sent for SG/SGD', () =>
    refuses(withFields(sgLocal(), { company_name: 'x'.repeat(121) }), "Invalid value for field 'company_name': must be at most 120 characters"));

  it('requires company_name for a Singapore bank account in another currency', () =>
    refuses(
      withFields(sgLocal(), { payment_method: 'SWIFT', bank_details: { account_currency_code: 'USD', swift_code: 'DBSSSGSG' } }),
      "Field 'company_name' is required",
    ));

  it('requires address for SGD held outside Singapore', () =>
    refuses(
      withFields(sgLocal(), { company_name: 'Lion City Ltd', payment_method: 'SWIFT', bank_details: { bank_country_code: 'MY', swift_code: 'MBBEMYKL' } }),
      "Field 'address' is required",
    ));
});

describe('payment_method', () => {
  it('is required', () => refuses(withFields(swiftCompany(), { payment_method: undefined }), "Field 'payment_method' is required"));

  it('must be LOCAL or SWIFT', () =>
    refuses(withFields(swiftCompany(), { payment_method: 'ACH' }), "Invalid value for field 'payment_method': must be one of LOCAL, SWIFT"));

  it("refuses LOCAL where the currency is not the bank country's own", () =>
    refuses(
      withFields(swiftCompany(), { payment_method: 'LOCAL', bank_details: { bank_country_code: 'JP', account_currency_code: 'EUR' } }),
      "Invalid value for field 'payment_method': LOCAL is not available for EUR to a bank in JP; use SWIFT",
    ));

  it('accepts LOCAL in EUR to a euro-area country', async () => {
    const body = withFields(swiftCompany(), {
      payment_method: 'LOCAL',
      bank_details: { bank_country_code: 'DE', account_currency_code: 'EUR', swift_code: undefined, account_number: undefined, iban: 'DE89 3704 0044 0532 0130 00' },
    });
    expect((await accepts(body)).bank_details).toMatchObject({ iban: 'DE89370400440532013000', swift_code: null });
  });
});

describe('bank_details', () => {
  it('is required', () => refuses(withFields(swiftCompany(), { bank_details: undefined }), "Field 'bank_details' is required"));

  it('must be an object', () => refuses(withFields(swiftCompany(), { bank_details: 'HSBC' }), "Invalid type for field 'bank_details'"));

  it.each(['bank_name', 'bank_address', 'bank_country_code', 'account_holder', 'account_currency_code'])(
    'requires bank_details.%s',
    (field) => refuses(withFields(swiftCompany(), { bank_details: { [field]: undefined } }), `Field 'bank_details.${field}' is required`),
  );

  it.each(['XX', 'usa', 'EU'])('refuses bank_country_code %s (not an ISO 3166-1 alpha-2 code)', (code) =>
    refuses(
      withFields(swiftCompany(), { bank_details: { bank_country_code: code } }),
      "Invalid value for field 'bank_details.bank_country_code': must be an ISO 3166-1 alpha-2 country code",
    ));

  it('refuses an account_currency_code that is not three letters', () =>
    refuses(
      withFields(swiftCompany(), { bank_details: { account_currency_code: 'usd' } }),
      "Invalid value for field 'bank_details.account_currency_code': must be a three-letter ISO 4217 code",
    ));

  it('refuses an unsupported account_currency_code', () =>
    refuses(
      withFields(swiftCompany(), { bank_details: { account_currency_code: 'XAU' } }),
      "Invalid value for field 'bank_details.account_currency_code': currency is not supported",
    ));

  it('requires swift_code with SWIFT', () =>
    refuses(withFields(swiftCompany(), { bank_details: { swift_code: undefined } }), "Field 'bank_details.swift_code' is required"));

  it('does not require swift_code with LOCAL', async () => {
    expect((await accepts(sgLocal())).bank_details.swift_code).toBeNull();
  });

  it.each(['HSBCHK', 'HSBCHKHHH', 'HSBCHKHHHKHX', 'hsbchkhh', '1SBCHKHH'])('refuses swift_code %s (8 or 11 characters, BIC form)', (code) =>
    refuses(
      withFields(swiftCompany(), { bank_details: { swift_code: code } }),
      "Invalid value for field 'bank_details.swift_code': must be a SWIFT/BIC code of 8 or 11 characters",
    ));

  it('accepts an 8-character swift_code', async () => {
    expect((await accepts(withFields(swiftCompany(), { bank_details: { swift_code: 'HSBCHKHH' } }))).bank_details.swift_code).toBe('HSBCHKHH');
  });

  it('requires account_number when no iban is given', () =>
    refuses(withFields(swiftCompany(), { bank_details: { account_number: undefined } }), "Field 'bank_details.account_number' is required"));

  it('refuses an account_number with separators', () =>
    refuses(
      withFields(swiftCompany(), { bank_details: { account_number: '004-123456-789' } }),
      "Invalid value for field 'bank_details.account_number': must be 1 to 60 letters and digits",
    ));

  it('refuses an account_number longer than 60', () =>
    refuses(
      withFields(swiftCompany(), { bank_details: { account_number: '1'.repeat(61) } }),
      "Invalid value for field 'bank_details.account_number': must be 1 to 60 letters and digits",
    ));

  it('refuses an iban whose check digits are wrong', () =>
    refuses(
      withFields(individual(), { bank_details: { iban: 'GB82 WEST 1234 5698 7654 33' } }),
      "Invalid value for field 'bank_details.iban': must be a valid IBAN",
    ));

  it('stores an iban without its spaces', async () => {
    expect((await accepts(individual())).bank_details.iban).toBe('GB82WEST12345698765432');
  });

  it('refuses a routing_code_value1 without routing_code_type1', () =>
    refuses(withFields(swiftCompany(), { bank_details: { routing_code_value1: '004' } }), "Field 'bank_details.routing_code_type1' is required"));

  it('refuses a routing_code_type2 without routing_code_value2', () =>
    refuses(withFields(swiftCompany(), { bank_details: { routing_code_type2: 'bank_code' } }), "Field 'bank_details.routing_code_value2' is required"));

  it('keeps routing codes and clearing_system', async () => {
    const stored = await accepts(
      withFields(swiftCompany(), { bank_details: { clearing_system: 'CHATS', routing_code_type1: 'bank_code', routing_code_value1: '004' } }),
    );
    expect(stored.bank_details).toMatchObject({ clearing_system: 'CHATS', routing_code_type1: 'bank_code', routing_code_value1: '004' });
  });

  it('reads bank_details.currency as account_currency_code (a ref fixture sends it)', async () => {
    const body = withFields(swiftCompany(), { bank_details: { account_currency_code: undefined, currency: 'HKD' } });
    expect((await accepts(body)).bank_details.account_currency_code).toBe('HKD');
  });
});

describe('address', () => {
  it('is required outside the SG / SGD exemption', () => refuses(withFields(swiftCompany(), { address: undefined }), "Field 'address' is required"));

  it('must be an object', () => refuses(withFields(swiftCompany(), { address: ['Hong Kong'] }), "Invalid type for field 'address'"));

  it.each(['country', 'city', 'street_address', 'postal_code', 'state'])('requires address.%s', (field) =>
    refuses(withFields(swiftCompany(), { address: { [field]: undefined } }), `Field 'address.${field}' is required`));

  it('does not require address.nationality, and checks it when given', async () => {
    await accepts(withFields(swiftCompany(), { address: { nationality: undefined } }));
    await refuses(
      withFields(swiftCompany(), { address: { nationality: 'Hong Kong' } }),
      "Invalid value for field 'address.nationality': must be an ISO 3166-1 alpha-2 country code",
    );
  });

  it('refuses an address.country that is not an ISO 3166-1 alpha-2 code', () =>
    refuses(withFields(swiftCompany(), { address: { country: 'HKG' } }), "Invalid value for field 'address.country': must be an ISO 3166-1 alpha-2 country code"));

  it('reads address.country_code as country (a ref fixture sends it)', async () => {
    const body = withFields(swiftCompany(), { address: { country: undefined, country_code: 'HK' } });
    expect((await accepts(body)).address).toMatchObject({ country: 'HK' });
  });
});

describe('email, nickname, additional_info', () => {
  it('refuses an email that is not an address', () =>
    refuses(withFields(swiftCompany(), { email: 'payables-at-acme' }), "Invalid value for field 'email': must be an email address"));

  it('accepts 120 nickname characters and refuses 121', async () => {
    await accepts(withFields(swiftCompany(), { nickname: 'n'.repeat(120) }));
    await refuses(withFields(swiftCompany(), { nickname: 'n'.repeat(121) }), "Invalid value for field 'nickname': must be at most 120 characters");
  });

  it('keeps every additional_info field', async () => {
    const info = { organization_code: 'ORG-1', proxy_id: 'PX1', id_type: 'UEN', id_number: '201912345K', tax_id: 'T-99', msisdn: '+6591234567' };
    expect((await accepts(withFields(swiftCompany(), { additional_info: info }))).additional_info).toEqual(info);
  });

  it('refuses an additional_info.msisdn with letters', () =>
    refuses(
      withFields(swiftCompany(), { additional_info: { msisdn: '+65 CALL ME' } }),
      "Invalid value for field 'additional_info.msisdn': must be 6 to 20 digits, optionally after +",
    ));

  it('must have additional_info as an object', () => refuses(withFields(swiftCompany(), { additional_info: 'x' }), "Invalid type for field 'additional_info'"));
});

describe('INDIVIDUAL', () => {
  it('stores first_name, last_name and id_number, and no company_name', async () => {
    const stored = await accepts(withFields(individual(), { company_name: 'Ignored Ltd' }));
    expect(stored).toMatchObject({ entity_type: 'INDIVIDUAL', first_name: 'Mei', last_name: 'Tan', id_number: 'S1234567D', company_name: null });
  });

  it('requires first_name', () => refuses(withFields(individual(), { first_name: undefined }), "Field 'first_name' is required"));

  it('requires last_name', () => refuses(withFields(individual(), { last_name: '' }), "Field 'last_name' is required"));

  it('does not require id_number', () => accepts(withFields(individual(), { id_number: undefined })));

  it('does not require company_name', () => accepts(individual()));

  it('applies the SWIFT character set to the names', () =>
    refuses(withFields(individual(), { last_name: '陈' }), `Invalid value for field 'last_name': ${SWIFT_RULE}`));

  it('is exempt from address for SG/SGD but still needs its names', async () => {
    await accepts(withFields(sgLocal(), { entity_type: 'INDIVIDUAL', first_name: 'Wei', last_name: 'Lim' }));
    await refuses(withFields(sgLocal(), { entity_type: 'INDIVIDUAL', first_name: 'Wei' }), "Field 'last_name' is required");
  });
});

describe('account_holder', () => {
  it('follows the SWIFT character set with SWIFT', () =>
    refuses(
      withFields(swiftCompany(), { bank_details: { account_holder: '星辰贸易' } }),
      `Invalid value for field 'bank_details.account_holder': ${SWIFT_RULE}`,
    ));
});
