import { randomUUID } from 'node:crypto';
import pg from 'pg';

/** What the scenarios act on, made through payrail's own API before any load. */
export interface Fixtures {
  /** x-auth-token of the bench account (a sandbox master). */
  auth: Record<string, string>;
  accountId: string;
  subAccountId: string;
  beneficiaryId: string;
  /** The frozen day of the bench tree's test clock (YYYY-MM-DD). */
  today: string;
  /** A quote made through the API, the model of the quote pool's clones. */
  templateQuoteId: string;
}

/** The wallet every write scenario debits holds this much: enough for every debit of a run. */
export const FUNDING_USD = 100_000_000;
/** The GraphQL payouts scenario lists this many. */
export const LISTED_PAYOUTS = 50;

type Json = Record<string, unknown>;

export async function call(base: string, method: string, url: string, headers: Record<string, string>, body?: unknown): Promise<Json> {
  const res = await fetch(`${base}${url}`, { method, headers: { 'content-type': 'application/json', ...headers }, body: body === undefined ? undefined : JSON.stringify(body) });
  const parsed = (await res.json()) as Json;
  if (res.status >= 400) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(parsed)}`);
  return parsed;
}

async function graphql(base: string, headers: Record<string, string>, query: string): Promise<Json> {
  const out = await call(base, 'POST', '/graphql', headers, { query });
  if (out.errors) throw new Error(`GraphQL ${query}: ${JSON.stringify(out.errors)}`);
  return out.data as Json;
}

export const beneficiaryBody = {
  entity_type: 'COMPANY', company_name: 'Bench Supplies Ltd', payment_method: 'LOCAL',
  bank_details: { bank_name: 'DBS Bank', bank_address: '12 Marina Blvd', bank_country_code: 'US', account_holder: 'Bench Supplies Ltd', account_currency_code: 'USD', account_number: '12345678', routing_code_type1: 'aba', routing_code_value1: '021000021' },
  address: { country: 'US', city: 'New York', street_address: '1 Main St', postal_code: '10001', state: 'NY' },
};

export const payoutBody = (f: Pick<Fixtures, 'beneficiaryId' | 'today'>) => ({
  currency: 'USD', amount: '1.00', purpose_code: 'WAGES_SALARY', payout_reference: 'bench run', payout_date: f.today, beneficiary_id: f.beneficiaryId,
});

/**
 * Funds the bench wallet, then freezes the bench tree's test clock (payouts made under load stay
 * READY_TO_SEND: both servers measure the request path only), and makes a beneficiary, a
 * sub-account, LISTED_PAYOUTS payouts and one quote.
 */
export async function makeFixtures(base: string, clientId: string, apiKey: string): Promise<Fixtures> {
  const token = String((await call(base, 'POST', '/api/v1/connect/token', {}, { client_id: clientId, api_key: apiKey })).auth_token);
  const auth = { 'x-auth-token': `Bearer ${token}` };
  const once = () => ({ ...auth, 'x-idempotency-key': randomUUID() });
  await call(base, 'POST', '/api/v1/simulation/deposit', once(), { amount: FUNDING_USD, currency: 'USD', sender_swift_code: 'DBSSSGSGXXX' });
  const clock = await call(base, 'POST', '/api/v1/simulation/clock/advance', auth, { seconds: 1 });
  const today = String(clock.frozen_time).slice(0, 10);
  const accountId = String(clock.root_account_id);
  const beneficiaryId = String((await call(base, 'POST', '/api/v1/beneficiaries', once(), beneficiaryBody)).beneficiary_id);
  const sub = await graphql(base, once(), 'mutation { createSubAccount(input: { name: "Bench transfer target" }) { account { id } userErrors { field message } } }');
  const made = sub.createSubAccount as { account: Json | null; userErrors: Json[] };
  if (!made.account) throw new Error(`createSubAccount refused: ${JSON.stringify(made.userErrors)}`);
  const subAccountId = String(made.account.id);
  for (let i = 0; i < LISTED_PAYOUTS; i++) await call(base, 'POST', '/api/v1/payouts', once(), payoutBody({ beneficiaryId, today }));
  const quote = await call(base, 'POST', '/api/v1/conversion/quote', once(), { sell_currency: 'USD', buy_currency: 'EUR', sell_amount: '1.00', conversion_date: today });
  return { auth, accountId, subAccountId, beneficiaryId, today, templateQuoteId: String(quote.quote_id) };
}

/**
 * Conversions need a fresh quote each (a quote is used once, and BT9 takes no conversion without
 * one). The pool holds unused copies of one quote made through the API, identical but for the id,
 * copied in SQL column by column whatever the columns are, so the load measures the conversion and
 * not the quote. A run that draws more than the pool holds reuses a spent quote, which payrail
 * refuses: the run's non-2xx count shows it.
 */
export class QuotePool {
  private ids: string[] = [];
  private exhausted = 0;

  constructor(private readonly url: string, private readonly templateId: string) {}

  /** Tops the pool up to `count` unused quotes. */
  async ensure(count: number): Promise<void> {
    const missing = Math.ceil(count) - this.ids.length;
    if (missing <= 0) return;
    const c = new pg.Client({ connectionString: this.url });
    await c.connect();
    try {
      const { rows } = await c.query<{ id: string }>(
        `INSERT INTO fx_quotes
         SELECT (jsonb_populate_record(NULL::fx_quotes, to_jsonb(q) || jsonb_build_object('id', gen_random_uuid()))).*
         FROM fx_quotes q CROSS JOIN generate_series(1, $2::int) WHERE q.id = $1::uuid
         RETURNING id`,
        [this.templateId, missing],
      );
      this.ids.push(...rows.map((r) => r.id));
    } finally {
      await c.end();
    }
  }

  take(): string {
    const id = this.ids.pop();
    if (id !== undefined) return id;
    this.exhausted++;
    return this.templateId;
  }

  /** Requests that found the pool empty (and were sent with a spent quote). */
  get misses(): number {
    return this.exhausted;
  }
}
