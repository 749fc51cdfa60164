import { randomUUID } from 'node:crypto';
import type { TestApp } from '../support/app';
import { auth } from '../support/tenants';

/** Test helpers of the money core's tests (deposits, balances, transfers). */

export interface Caller {
  t: TestApp;
  token: string;
  onBehalfOf?: string;
}

/* eslint-disable @typescript-eslint/no-explicit-any */
export type Json = Record<string, any>;

const headers = (c: Caller, extra: Record<string, string> = {}) =>
  auth(c.token, { ...(c.onBehalfOf ? { 'x-on-behalf-of': c.onBehalfOf } : {}), ...extra });

export async function post(c: Caller, url: string, payload: unknown, key: string | null = randomUUID()) {
  const res = await c.t.inject({
    method: 'POST',
    url: `/api${url}`,
    payload: JSON.stringify(payload),
    headers: headers(c, { 'content-type': 'application/json', ...(key ? { 'x-idempotency-key': key } : {}) }),
  });
  return { status: res.statusCode, body: res.json() as Json, raw: res.body };
}

export async function get(c: Caller, url: string) {
  const res = await c.t.inject({ method: 'GET', url: `/api${url}`, headers: headers(c) });
  return { status: res.statusCode, body: res.json() as Json, raw: res.body };
}

export async function gql(c: Caller, query: string, variables: Record<string, unknown> = {}, key?: string) {
  const res = await c.t.inject({
    method: 'POST',
    url: '/graphql',
    payload: { query, variables },
    headers: headers(c, key ? { 'x-idempotency-key': key } : {}),
  });
  return res.json() as { data?: Json; errors?: { message: string; extensions: Json }[] };
}

export const depositBody = (over: Json = {}) => ({
  amount: 100,
  currency: 'USD',
  sender_swift_code: 'HSBCHKHH',
  receiver_account_number: 'ACC123456',
  sender_account_number: '123456789',
  sender_name: 'Acme Ltd',
  sender_country: 'HK',
  ...over,
});

/** A simulated deposit through SI1; fails the test when refused. */
export async function simulateDeposit(c: Caller, over: Json = {}): Promise<Json> {
  const res = await post(c, '/v1/simulation/deposit', depositBody(over));
  if (res.status !== 200) throw new Error(`deposit failed: ${res.status} ${res.raw}`);
  return res.body;
}

/** Advances the caller's sandbox tree's test clock (freezing it at the process clock on first use). */
export async function advance(c: Caller, seconds: number): Promise<Json> {
  const res = await post(c, '/v1/simulation/clock/advance', { seconds }, null);
  if (res.status !== 200) throw new Error(`advance failed: ${res.status} ${res.raw}`);
  return res.body;
}
