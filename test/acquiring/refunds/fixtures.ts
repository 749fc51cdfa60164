import type { TestApp } from '../../support/app';
import { clientOf, type Client } from '../../support/client';
import { ledgerBalance } from '../../support/ledger';
import { makeMaster } from '../../support/tenants';
import { rememberMerchantClient } from './captured';

export interface Merchant {
  id: string;
  c: Client;
  clientId: string;
}

/** A fresh master with a client that sends its own x-client-id, as the official client does on /v2. */
export async function merchant(t: TestApp, name: string): Promise<Merchant> {
  const master = await makeMaster(t.services, { name });
  const c = (await clientOf(t, master)).withHeaders({ 'x-client-id': master.clientId });
  rememberMerchantClient(master.account.id, c);
  return { id: master.account.id, c, clientId: master.clientId };
}

export const refundBody = (paymentIntentId: string, extra: Record<string, unknown> = {}): Record<string, unknown> => ({
  payment_intent_id: paymentIntentId,
  amount: '10.00',
  reason: 'requested_by_customer',
  ...extra,
});

/** PAYMENT_PENDING, PAYMENT_AVAILABLE, REFUND_IN_FLIGHT, CARD_CLEARING, FEES of one currency, in that order. */
export const acquiringBalances = (t: TestApp, accountId: string, currency: string) =>
  Promise.all(['PAYMENT_PENDING', 'PAYMENT_AVAILABLE', 'REFUND_IN_FLIGHT', 'CARD_CLEARING', 'FEES'].map((p) => ledgerBalance(t.services, accountId, currency, p)));
