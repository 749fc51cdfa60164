import { card, intentBody } from '../payments/fixtures';
import type { TestApp } from '../../support/app';
import type { Client, Json } from '../../support/client';

export interface CapturedIntent {
  intentId: string;
  attemptId: string;
  merchantOrderId: string;
}

/** The client of each merchant made by `merchant()` (refunds/fixtures.ts), by account id. */
const clients = new Map<string, Client>();
export const rememberMerchantClient = (accountId: string, c: Client): void => void clients.set(accountId, c);

/**
 * A captured PaymentIntent made as a merchant makes one: PA1 create, then PA4 confirm with the
 * VISA success card (captured at confirm), through REST on the account's tree clock. Every refund
 * and settlement test starts from here, so they run on the capture the payments area really
 * writes: its rows, its PAYMENT_CAPTURE posting and the settlement cut it schedules.
 */
export async function capturedIntent(
  _t: TestApp,
  accountId: string,
  opts: { amount: string; currency: string; merchantOrderId?: string },
): Promise<CapturedIntent> {
  const c = clients.get(accountId);
  if (!c) throw new Error(`capturedIntent: make the account ${accountId} with merchant() first`);
  const merchantOrderId = opts.merchantOrderId ?? `order-${Math.random().toString(36).slice(2, 10)}`;
  const created = await c.post('/v2/payment_intents/create', intentBody({ amount: opts.amount, currency: opts.currency, merchant_order_id: merchantOrderId }));
  if (created.status !== 200) throw new Error(`create failed: ${created.status} ${created.raw}`);
  const intent = created.body as Json;
  const confirmed = await c.post(`/v2/payment_intents/${intent.payment_intent_id}/confirm`, card());
  if (confirmed.status !== 200 || confirmed.body.intent_status !== 'SUCCEEDED') throw new Error(`confirm failed: ${confirmed.status} ${confirmed.raw}`);
  return { intentId: intent.payment_intent_id, attemptId: confirmed.body.latest_payment_attempt.attempt_id, merchantOrderId };
}
