import type { TestApp } from '../../support/app';
import { clientOf, type Client, type Json, type RestReply } from '../../support/client';
import { makeMaster, type Tenant } from '../../support/tenants';

/** A merchant: a fresh master and a client that sends its x-client-id on every call, as ref does on /v2. */
export async function merchant(t: TestApp, name: string): Promise<{ tenant: Tenant; c: Client; id: string }> {
  const tenant = await makeMaster(t.services, { name });
  const c = (await clientOf(t, tenant)).withHeaders({ 'x-client-id': tenant.clientId });
  return { tenant, c, id: tenant.account.id };
}

export const intentBody = (extra: Record<string, unknown> = {}) => ({
  amount: '100.00',
  currency: 'USD',
  merchant_order_id: 'order-1',
  description: 'Blue mug',
  return_url: 'https://shop.example/return',
  ...extra,
});

export const card = (number = '4242424242424242', extra: Record<string, unknown> = {}) => ({
  payment_method: {
    type: 'card',
    card: {
      number,
      expiry_month: '12',
      expiry_year: '2030',
      cvc: number.startsWith('3') ? '1234' : '123',
      card_name: 'Ada Lovelace',
      billing: { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com', address: { country_code: 'GB', city: 'London', postcode: 'N1 9GU' } },
      ...extra,
    },
  },
});

function ok(res: RestReply, what: string): Json {
  if (res.status !== 200) throw new Error(`${what} failed: ${res.status} ${res.raw}`);
  return res.body;
}

export const createIntent = async (c: Client, extra: Record<string, unknown> = {}) => ok(await c.post('/v2/payment_intents/create', intentBody(extra)), 'create');

export const confirmIntent = async (c: Client, id: string, number = '4242424242424242', cardExtra: Record<string, unknown> = {}) =>
  ok(await c.post(`/v2/payment_intents/${id}/confirm`, card(number, cardExtra)), 'confirm');

/** Created and confirmed with a card; auto_capture false stops it in REQUIRES_CAPTURE. */
export async function confirmedIntent(c: Client, opts: { number?: string; autoCapture?: boolean; amount?: string } = {}): Promise<Json> {
  const intent = await createIntent(c, opts.amount ? { amount: opts.amount } : {});
  return confirmIntent(c, intent.payment_intent_id, opts.number, opts.autoCapture === undefined ? {} : { auto_capture: opts.autoCapture });
}
