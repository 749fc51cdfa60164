import { randomUUID } from 'node:crypto';
import { startTestApp, type TestApp } from '../support/app';
import { fundWallet } from '../support/ledger';
import { auth, makeMaster, tokenFor, type Tenant } from '../support/tenants';

/**
 * Amounts that travel as JSON numbers stay exact: a numeral a double cannot carry (more than 15
 * significant digits) is refused on the way in rather than rounded by the parser, and an amount
 * with more digits is written on the way out as a raw numeral with all of them.
 */

let t: TestApp;
let tenant: Tenant;
let token: string;

beforeAll(async () => {
  t = await startTestApp();
  tenant = await makeMaster(t.services, { name: 'Exact' });
  token = await tokenFor(t, tenant);
});
afterAll(() => t.close());

/** Posts raw JSON text, so that numerals reach the server exactly as written. */
const postRaw = (url: string, text: string, key = randomUUID()) =>
  t.inject({ method: 'POST', url: `/api${url}`, payload: text, headers: { ...auth(token), 'content-type': 'application/json', 'x-idempotency-key': key } });

const deposit = (amount: string) =>
  postRaw('/v1/simulation/deposit', `{"amount": ${amount}, "currency": "USD", "sender_swift_code": "HSBCHKHH"}`);

const TOO_MANY = (field: string) => ({ code: 400, message: `Invalid value for field '${field}': must have at most 15 significant digits` });

describe('JSON-number amounts in', () => {
  it.each([
    ['18 integer and 2 decimal digits', '123456789012345678.12'],
    ['16 integer digits', '1234567890123456'],
    ['17 significant digits after the point', '0.12345678901234567'],
    ['a float artefact', '0.30000000000000004'],
  ])('refuses %s, which a double would round, naming the field', async (_name, numeral) => {
    const res = await deposit(numeral);
    expect([res.statusCode, res.json()]).toEqual([400, TOO_MANY('amount')]);
  });

  it('takes 15 significant digits exactly as sent', async () => {
    const res = await deposit('1234567890123.45');
    expect(res.statusCode).toBe(200);
    expect((res.json() as { amount: string }).amount).toBe('1234567890123.45');
  });

  it('takes a large amount a double holds exactly (trailing zeros are not significant)', async () => {
    const res = await deposit('100000000000000000');
    expect([res.statusCode, (res.json() as { amount: string }).amount]).toEqual([200, '100000000000000000.00']);
  });

  it('refuses a long numeral where an amount may be a number or a string, and takes the string', async () => {
    const body = (amount: string) =>
      `{"quote_id": "${randomUUID()}", "sell_currency": "USD", "buy_currency": "SGD", "conversion_date": "2026-11-21", "sell_amount": ${amount}}`;
    const number = await postRaw('/v1/conversion', body('123456789012345.67'));
    expect([number.statusCode, number.json()]).toEqual([400, TOO_MANY('sell_amount')]);
    const text = await postRaw('/v1/conversion', body('"123456789012345.67"'));
    expect(text.statusCode).toBe(400);
    expect((text.json() as { message: string }).message).not.toMatch(/significant digits/);
  });

  it('refuses a long numeral in a number field that is not an amount as the wrong type', async () => {
    const res = await postRaw('/v1/simulation/clock/advance', '{"seconds": 12345678901234567890}');
    expect([res.statusCode, res.json()]).toEqual([400, { code: 400, message: "Invalid type for field 'seconds'" }]);
  });
});

describe('JSON-number amounts out', () => {
  it('writes a balance transaction of 17 significant digits as a raw numeral with all of them', async () => {
    const holder = await makeMaster(t.services, { name: 'Rich' });
    await fundWallet(t.services, holder.account.id, 'USD', '123456789012345.67');
    await fundWallet(t.services, holder.account.id, 'USD', '80');
    const res = await t.inject({ method: 'GET', url: '/api/v1/balances/transactions', headers: auth(await tokenFor(t, holder)) });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('"amount":123456789012345.67,');
    // Amounts a double carries stay plain numbers.
    expect(res.body).toContain('"amount":80,');
  });

  it('writes quote amounts exactly, and a replay repeats them byte for byte', async () => {
    const key = randomUUID();
    const body = '{"sell_currency": "USD", "buy_currency": "SGD", "sell_amount": "123456789012345.67", "conversion_date": "2026-11-21"}';
    const first = await postRaw('/v1/conversion/quote', body, key);
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain('"sell_amount":123456789012345.67,');
    // 123456789012345.67 × 1.2935, rounded down to the cent: 17 significant digits.
    expect(first.body).toContain('"buy_amount":159691356587469.12,');
    const replay = await postRaw('/v1/conversion/quote', body, key);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body).toBe(first.body);
  });
});
