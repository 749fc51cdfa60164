import { randomUUID } from 'node:crypto';
import type { TestApp } from '../support/app';
import { auth } from '../support/tenants';

/** The test clock's date (ManualClock starts at 2026-11-21T10:00:00Z). */
export const TODAY = '2026-11-21';

export interface Caller {
  t: TestApp;
  token: string;
  onBehalfOf?: string;
}

const headers = (c: Caller, extra: Record<string, string> = {}) =>
  auth(c.token, { ...(c.onBehalfOf ? { 'x-on-behalf-of': c.onBehalfOf } : {}), ...extra });

export async function post(c: Caller, url: string, payload: unknown, key?: string) {
  const res = await c.t.inject({
    method: 'POST',
    url: `/api${url}`,
    payload: payload as Record<string, unknown>,
    headers: headers(c, key ? { 'x-idempotency-key': key } : {}),
  });
  return { status: res.statusCode, body: res.json() as Record<string, any> };
}

export async function get(c: Caller, url: string) {
  const res = await c.t.inject({ method: 'GET', url: `/api${url}`, headers: headers(c) });
  return { status: res.statusCode, body: res.json() as any };
}

export async function gql<T = any>(c: Caller, query: string, variables: Record<string, unknown> = {}, key?: string) {
  const res = await c.t.inject({
    method: 'POST',
    url: '/graphql',
    payload: { query, variables },
    headers: headers(c, key ? { 'x-idempotency-key': key } : {}),
  });
  return res.json() as { data?: T; errors?: { message: string; extensions: Record<string, unknown> }[] };
}

export const quoteBody = (over: Record<string, unknown> = {}) => ({
  sell_currency: 'USD',
  buy_currency: 'SGD',
  sell_amount: '100.00',
  conversion_date: TODAY,
  ...over,
});

/** A quote through the real endpoint; fails the test when refused. */
export async function quote(c: Caller, over: Record<string, unknown> = {}) {
  const res = await post(c, '/v1/conversion/quote', quoteBody(over));
  if (res.status !== 200) throw new Error(`quote failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** The BT9 body that executes a quote as it was given. */
export const conversionBody = (q: Record<string, any>, over: Record<string, unknown> = {}) => ({
  quote_id: q.quote_id,
  sell_currency: q.sell_currency,
  buy_currency: q.buy_currency,
  conversion_date: q.conversion_date,
  sell_amount: q.sell_amount,
  buy_amount: q.buy_amount,
  ...over,
});

export const newKey = () => randomUUID();

export async function advance(c: Caller, seconds: number) {
  const res = await post(c, '/v1/simulation/clock/advance', { seconds });
  if (res.status !== 200) throw new Error(`advance failed: ${res.status} ${JSON.stringify(res.body)}`);
}
