import type { Client, Json } from '../support/client';
import type { Customer, KeyPair } from './customer';

/** Points the acting account's decisions at `customer` and gives the customer payrail's key. */
export async function configure(c: Client, customer: Customer, keys: KeyPair, timeoutStrategy: 'DECLINE' | 'DELEGATE', over: Json = {}): Promise<Json> {
  const res = await c.post('/v1/issuing/auth_decision', { url: customer.url, public_key: keys.publicKey, timeout_strategy: timeoutStrategy, ...over });
  if (res.status !== 200) throw new Error(`auth_decision failed: ${res.status} ${res.raw}`);
  await customer.usePayrailKey(res.body.payrail_public_key as string);
  return res.body;
}

/** The fields of the official client's AuthDecisionTransaction, in its order. */
export const TRANSACTION_FIELDS = [
  'transaction_id',
  'transaction_type',
  'card_id',
  'processing_code',
  'billing_amount',
  'transaction_amount',
  'auth_amount',
  'date_of_transaction',
  'billing_currency_code',
  'transaction_currency_code',
  'auth_currency_code',
  'card_balance',
  'merchant_id',
  'merchant_name',
  'merchant_category_code',
  'merchant_city',
  'merchant_country',
  'terminal_id',
  'pos_entry_mode',
  'pos_condition_code',
  'pin_entry_capability',
  'retrieval_reference_number',
  'system_trace_audit_number',
  'acquiring_institution_country_code',
  'acquiring_institution_id',
  'wallet_type',
] as const;
