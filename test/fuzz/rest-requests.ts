import type { InjectOptions } from 'fastify';
import type { RegisteredRoute } from '../../src/rest-compat/registry';
import { garbageKey, garbageNumber, garbageString, garbageValue, jsonText, malformedJsonText, Numeral, uriEncode, type Rng } from './values';

/**
 * Bodies close to valid for each POST route, so mutations reach the deeper rules rather than
 * stopping at the first missing field. Routes not listed start from an empty object.
 */
const SEEDS: Record<string, () => Record<string, unknown>> = {
  '/v1/connect/token': () => ({ client_id: 'fuzz', api_key: 'fuzz' }),
  '/v1/simulation/deposit': () => ({ amount: 100, currency: 'USD', sender_swift_code: 'HSBCHKHH', receiver_account_number: 'ACC1', sender_name: 'Acme', sender_country: 'HK' }),
  '/v1/simulation/clock/advance': () => ({ seconds: 60 }),
  '/v1/conversion/quote': () => ({ sell_currency: 'USD', buy_currency: 'SGD', sell_amount: '100.00', conversion_date: '2026-11-23' }),
  '/v1/conversion': () => ({ quote_id: '00000000-0000-4000-8000-000000000000', sell_currency: 'USD', buy_currency: 'SGD', conversion_date: '2026-11-23', sell_amount: 100, buy_amount: 129.5, reference: 'r' }),
  '/v1/beneficiaries': () => beneficiary(),
  '/v1/beneficiaries/check': () => beneficiary(),
  '/v1/beneficiaries/:id': () => ({ nickname: 'n', bank_details: { iban: 'DE89370400440532013000' } }),
  '/v1/payouts': () => ({
    currency: 'USD', amount: '10.00', purpose_code: 'WAGES_SALARY', payout_reference: 'Invoice 42', payout_date: '2026-11-21',
    beneficiary_id: '00000000-0000-4000-8000-000000000000', payout_amount: 10, fee_paid_by: 'PAYER',
    beneficiary: beneficiary(), documentation: [{ type: 'INVOICE', file_id: 'f1' }],
  }),
  '/v1/transfer': () => ({ source_account_id: '00000000-0000-4000-8000-000000000000', target_account_id: '00000000-0000-4000-8000-000000000001', currency: 'USD', amount: '1.00', reason: 'r' }),
  '/v1/virtual/accounts': () => ({ currency: 'USD', payment_method: 'LOCAL' }),
};

function beneficiary(): Record<string, unknown> {
  return {
    entity_type: 'COMPANY',
    company_name: 'Acme Supplies',
    address: { country: 'US', city: 'New York', street_address: '1 Main St', postal_code: '10001', state: 'NY' },
    payment_method: 'LOCAL',
    bank_details: {
      bank_name: 'First Bank', bank_country_code: 'US', account_holder: 'Acme', account_currency_code: 'USD',
      account_number: '12345678', routing_code_type1: 'aba', routing_code_value1: '021000021', iban: 'DE89370400440532013000', swift_code: 'DEUTDEFFXXX',
    },
  };
}

const QUERY_NAMES = [
  'page_number', 'page_size', 'company_name', 'nickname', 'entity_type', 'currency', 'country', 'status', 'payout_status',
  'transfer_status', 'transaction_type', 'transaction_status', 'start_time', 'end_time', 'currency_pairs', 'currency_from',
  'currency_to', 'a[b]', 'page_size[]',
];

/** The paths of an object tree (its first levels), to replace or delete. */
function paths(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (value === null || typeof value !== 'object' || value instanceof Numeral || prefix.length > 4) return [prefix];
  const entries = Array.isArray(value) ? value.map((v, i) => [i, v] as const) : Object.entries(value);
  return [prefix, ...entries.flatMap(([k, v]) => paths(v, [...prefix, k]))];
}

function mutate(rng: Rng, body: Record<string, unknown>): unknown {
  const root: { v: unknown } = { v: body };
  for (let n = 1 + rng.int(3); n > 0; n--) {
    const all = paths(root.v);
    const path = rng.pick(all);
    let holder: Record<string | number, unknown> = root as unknown as Record<string, unknown>;
    let key: string | number = 'v';
    for (const p of path) {
      holder = holder[key] as Record<string | number, unknown>;
      key = p;
    }
    const choice = rng.int(6);
    if (choice === 0 && !Array.isArray(holder)) delete holder[key];
    else if (choice === 1) holder[key] = garbageNumber(rng);
    else if (choice === 2) holder[key] = garbageString(rng);
    else if (choice === 3 && holder[key] !== null && typeof holder[key] === 'object' && !Array.isArray(holder[key])) {
      // defineProperty: a key such as __proto__ is data sent, not a prototype to set.
      Object.defineProperty(holder[key], garbageKey(rng), { value: garbageValue(rng), enumerable: true, writable: true, configurable: true });
    }
    else holder[key] = garbageValue(rng);
  }
  return root.v;
}

function garbageSegment(rng: Rng): string {
  return rng.pick([
    () => uriEncode(garbageString(rng)),
    () => '%00',
    () => rng.uuid(),
    () => '%E0%A4%A',
    () => '..',
    () => 'x'.repeat(5000),
    () => `${rng.uuid()}%00`,
    () => 'USD',
    () => uriEncode('\u0000abc'),
  ])();
}

function queryString(rng: Rng): string {
  if (rng.chance(0.1)) return rng.pick(['%', '%zz', '&&&=', '=', 'a=%00', 'page_size=1&page_size=2', `currency_pairs=${'USD/SGD,'.repeat(2000)}`]);
  const parts: string[] = [];
  for (let n = rng.int(4); n > 0; n--) {
    const name = rng.chance(0.8) ? rng.pick(QUERY_NAMES) : uriEncode(garbageKey(rng));
    const value = rng.chance(0.3) ? String(jsonText(garbageNumber(rng))) : garbageString(rng);
    parts.push(`${name}=${uriEncode(value)}`);
  }
  return parts.join('&');
}

export interface FuzzRequest {
  options: InjectOptions;
  route: RegisteredRoute;
  describe: string;
}

/** One malformed request to a registered route. */
export function restRequest(rng: Rng, route: RegisteredRoute, token: string, subAccountId: string): FuzzRequest {
  const url = `/api${route.path.replace(/:[A-Za-z_]+/g, () => (rng.chance(0.8) ? garbageSegment(rng) : rng.uuid()))}`;
  const query = rng.chance(route.method === 'GET' ? 0.8 : 0.3) ? `?${queryString(rng)}` : '';
  const headers: Record<string, string> = {};
  const who = rng.int(20);
  if (who < 16) headers['x-auth-token'] = `Bearer ${token}`;
  else if (who === 16) headers['x-auth-token'] = rng.pick(['Bearer', 'Bearer  x', 'garbage', 'Bearer a.b.c']);
  if (rng.chance(0.08)) headers['x-on-behalf-of'] = rng.pick([subAccountId, rng.uuid(), 'garbage', '']);
  if (rng.chance(0.05)) headers['x-client-id'] = rng.pick(['garbage', '', rng.uuid()]);
  if (route.method === 'POST' && rng.chance(0.6)) headers['x-idempotency-key'] = rng.chance(0.9) ? rng.uuid() : rng.pick(['', 'short', 'k'.repeat(300), 'ü']);

  let payload: string | undefined;
  const seed = SEEDS[route.path]?.() ?? {};
  const bodyKind = route.method === 'GET' ? (rng.chance(0.1) ? rng.int(5) : -1) : rng.int(10);
  switch (bodyKind) {
    case -1:
      break;
    case 0:
      payload = jsonText(garbageValue(rng));
      headers['content-type'] = 'application/json';
      break;
    case 1:
      payload = malformedJsonText(rng, jsonText(seed));
      headers['content-type'] = 'application/json';
      break;
    case 2:
      payload = rng.pick(['a=1&b=%00', 'client_id=%00&api_key=x', `${uriEncode(garbageString(rng))}=${uriEncode(garbageString(rng))}`]);
      headers['content-type'] = 'application/x-www-form-urlencoded';
      break;
    case 3:
      payload = jsonText(seed);
      headers['content-type'] = rng.pick(['text/plain', 'application/xml', 'multipart/form-data; boundary=x', 'application/json; charset=latin1', 'application/jsonx', '']);
      break;
    default:
      payload = jsonText(mutate(rng, seed));
      headers['content-type'] = 'application/json';
  }
  return {
    route,
    options: { method: route.method, url: `${url}${query}`, headers, ...(payload !== undefined ? { payload } : {}) },
    describe: `${route.method} ${url}${query} ${payload?.slice(0, 200) ?? ''}`,
  };
}
