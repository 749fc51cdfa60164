import 'reflect-metadata';
import { getNamedType, isInputObjectType, isInterfaceType, isObjectType, type GraphQLSchema } from 'graphql';
import { startTestApp, type TestApp } from '../support/app';
import { clientOf, type Client } from '../support/client';
import { fundWallet } from '../support/ledger';
import { makeMaster } from '../support/tenants';
import { createBeneficiary, createPayout, payoutBody } from '../wallet/payouts/fixtures';
import { buildGraphQLSchema } from '../../src/resolvers/schema';
import { CountryCodeScalar, CurrencyCodeScalar } from '../../src/resolvers/shared/scalars';

/**
 * Money in GraphQL (docs/graphql.md "Money"): every amount a Decimal, every currency and country a
 * code scalar, and Money beside an amount that has its own currency.
 */

/** Every field, input field and argument of the schema, as `Type.field` or `Type.field(arg)`, with its named type. */
function everyValue(schema: GraphQLSchema): Array<{ where: string; name: string; type: string }> {
  const out: Array<{ where: string; name: string; type: string }> = [];
  for (const type of Object.values(schema.getTypeMap())) {
    if (type.name.startsWith('__')) continue;
    if (isObjectType(type) || isInterfaceType(type)) {
      for (const f of Object.values(type.getFields())) {
        out.push({ where: `${type.name}.${f.name}`, name: f.name, type: getNamedType(f.type).name });
        for (const a of f.args) out.push({ where: `${type.name}.${f.name}(${a.name})`, name: a.name, type: getNamedType(a.type).name });
      }
    }
    if (isInputObjectType(type)) {
      for (const f of Object.values(type.getFields())) out.push({ where: `${type.name}.${f.name}`, name: f.name, type: getNamedType(f.type).name });
    }
  }
  return out;
}

describe('the schema', () => {
  let values: Array<{ where: string; name: string; type: string }>;
  beforeAll(async () => {
    values = everyValue(await buildGraphQLSchema());
  });

  it('has no Float anywhere: an amount never travels as a binary float', () => {
    expect(values.filter((v) => v.type === 'Float').map((v) => v.where)).toEqual([]);
  });

  it('types every amount Decimal', () => {
    const amount = /(^amount$|Amount$|^cardLimit$|Balance$|^transactionFee$|^fee$)/;
    const scalarOtherThanDecimal = (type: string) => ['String', 'Float', 'Int', 'JSON'].includes(type);
    expect(values.filter((v) => amount.test(v.name) && scalarOtherThanDecimal(v.type)).map((v) => `${v.where}: ${v.type}`)).toEqual([]);
  });

  it('types every currency CurrencyCode and every country CountryCode', () => {
    const currency = /(^currency$|Currency$|^accountCurrencyCode$|^currencyFrom$|^currencyTo$)/;
    const country = /(^country$|^countryCode$|CountryCode$|^merchantCountry$)/;
    // A card's currencies are the issuer's catalogue (SGD, USD and XUSD, its USD ledger currency, no
    // ISO 4217 code): a closed set of its own, not a CurrencyCode.
    const cardCurrency = /^(Card|CreateCardInput|AssignCardInput|CardOrder|CardProduct|NoPinPaymentAmount|CardTransaction|SimulateCardAuthorizationInput)\./;
    expect(values.filter((v) => currency.test(v.name) && v.type !== 'CurrencyCode' && !cardCurrency.test(v.where)).map((v) => `${v.where}: ${v.type}`)).toEqual([]);
    // A simulated deposit's sender country is any JSON value, kept as sent (spec 4.5): not a code.
    const keptAsSent = new Set(['DepositSender.country']);
    expect(values.filter((v) => country.test(v.name) && v.type !== 'CountryCode' && !keptAsSent.has(v.where)).map((v) => `${v.where}: ${v.type}`)).toEqual([]);
  });
});

describe('the code scalars', () => {
  it.each([['USD'], ['SGD']])('take %s', (code) => expect(CurrencyCodeScalar.parseValue(code)).toBe(code));
  it.each([['usd'], ['US'], ['DOLLARS'], [840], [null]])('refuse %p as a currency, saying the shape', (bad) => {
    expect(() => CurrencyCodeScalar.parseValue(bad)).toThrow(/CurrencyCode must be 3 upper-case letters/);
  });
  it.each([['sg'], ['SGP'], ['']])('refuse %p as a country', (bad) => {
    expect(() => CountryCodeScalar.parseValue(bad)).toThrow(/CountryCode must be 2 upper-case letters/);
  });
  it('refuse to answer a stored value that is not a code', () => {
    expect(() => CountryCodeScalar.serialize('')).toThrow(/CountryCode/);
  });
});

describe('over /graphql', () => {
  let t: TestApp;
  let c: Client;
  let payoutId: string;
  beforeAll(async () => {
    t = await startTestApp();
    const master = await makeMaster(t.services, { name: 'Money reader' });
    c = await clientOf(t, master);
    await fundWallet(t.services, master.account.id, 'USD', '1000.00');
    payoutId = await createPayout(c, payoutBody(await createBeneficiary(c)));
  });
  afterAll(() => t.close());

  it('answers Money beside the flat pair, from the same values', async () => {
    const res = await c.gql<{ payout: Record<string, unknown> }, { id: string }>(
      'query($id: ID!) { payout(id: $id) { payoutAmount payoutCurrency payoutMoney { amount currency } sourceAmount sourceCurrency sourceMoney { amount currency } feeAmount feeCurrency feeMoney { amount currency } } }',
      { id: payoutId },
    );
    expect(res.errors).toBeUndefined();
    const p = res.data!.payout;
    expect(p.payoutMoney).toEqual({ amount: p.payoutAmount, currency: p.payoutCurrency });
    expect(p.sourceMoney).toEqual({ amount: p.sourceAmount, currency: p.sourceCurrency });
    expect(p.feeMoney).toEqual({ amount: p.feeAmount, currency: p.feeCurrency });
    expect(p.payoutMoney).toMatchObject({ currency: 'USD', amount: expect.stringMatching(/^\d+\.\d{2}$/) });
  });

  it('refuses a lower-case currency before anything runs, naming the shape', async () => {
    const res = await c.gql('query($c: CurrencyCode!) { balance(currency: $c) { currency } }', { c: 'usd' });
    expect(res.data ?? null).toBeNull();
    expect(res.errors![0]).toMatchObject({ message: expect.stringContaining('CurrencyCode must be 3 upper-case letters'), extensions: { code: 'BAD_USER_INPUT' } });
  });

  it('refuses a number where a Decimal amount is due', async () => {
    const res = await c.gql('mutation($i: IssuingFundingInput!) { transferToIssuingBalance(input: $i) { userErrors { message } } }', { i: { currency: 'USD', amount: 10.5 } });
    expect(res.errors![0]).toMatchObject({ message: expect.stringContaining('Decimal must be a decimal string'), extensions: { code: 'BAD_USER_INPUT' } });
  });

  it('gives an issuing rule every digit of a Decimal, or refuses one a double would round, as REST does', async () => {
    type Funding = { transferToIssuingBalance: { issuingTransfer: { amount: string } | null; userErrors: Array<{ message: string }> } };
    const fund = (amount: string) => c.gql<Funding, unknown>(
      'mutation($i: IssuingFundingInput!) { transferToIssuingBalance(input: $i) { issuingTransfer { amount } userErrors { message } } }',
      { i: { currency: 'USD', amount } },
    );
    const exact = await fund('10.25');
    expect(exact.errors).toBeUndefined();
    expect(exact.data!.transferToIssuingBalance.issuingTransfer).toEqual({ amount: '10.25' });
    // 18 significant digits: REST's parser keeps them as a numeral the rule refuses; so does the door.
    const rounded = await fund('1234567890123456.25');
    expect(rounded.errors).toBeUndefined();
    expect(rounded.data!.transferToIssuingBalance.issuingTransfer).toBeNull();
    expect(rounded.data!.transferToIssuingBalance.userErrors[0]!.message).toBe("Invalid type for field 'amount'");
  });
});
