import { createHash } from 'node:crypto';

/**
 * The JSON payrail POSTs (encrypted) to a customer's decision endpoint: the official client's
 * `AuthDecisionTransaction`, field for field, with the same JSON types (amounts are numbers).
 * docs/auth-decision.md says where each value comes from in a simulated authorization.
 */
export interface AuthDecisionTransaction {
  transaction_id: string;
  transaction_type: number;
  card_id: string;
  processing_code: string;
  billing_amount: number;
  transaction_amount: number;
  auth_amount: number;
  date_of_transaction: string;
  billing_currency_code: string;
  transaction_currency_code: string;
  auth_currency_code: string;
  card_balance: number;
  merchant_id: string;
  merchant_name: string;
  merchant_category_code: string;
  merchant_city: string;
  merchant_country: string;
  terminal_id: string;
  pos_entry_mode: string;
  pos_condition_code: string;
  pin_entry_capability: string;
  retrieval_reference_number: string;
  system_trace_audit_number: string;
  acquiring_institution_country_code: string;
  acquiring_institution_id: string;
  wallet_type: string;
}

/** An authorization, as the decision call describes it (amounts as decimal strings, in the domain's way). */
export interface AuthorizationFacts {
  transactionId: string;
  cardId: string;
  transactionAmount: string;
  transactionCurrency: string;
  billingAmount: string;
  billingCurrency: string;
  /** What the card had to spend before this authorization. */
  cardBalance: string;
  merchantName: string;
  merchantCategoryCode: string;
  merchantCity: string;
  merchantCountry: string;
  at: Date;
}

/** transaction_type of an authorization (the client types it as a number and lists no values; payrail's choice). */
export const AUTHORIZATION_TYPE = 1;
/** ISO 8583 processing code of a purchase (goods and services, default accounts). */
const PURCHASE = '000000';
/** POS entry mode of a card-not-present (e-commerce) transaction, which a simulation is. */
const ECOMMERCE_ENTRY = '81';
const ECOMMERCE_CONDITION = '59';

/** Digits derived from the transaction id: stable for one transaction (a retry describes it alike). */
function digitsOf(id: string, salt: string, length: number): string {
  const n = BigInt('0x' + createHash('sha256').update(`${salt}:${id}`).digest('hex').slice(0, 15));
  return (n % 10n ** BigInt(length)).toString().padStart(length, '0');
}

const num = (decimal: string): number => Number(decimal);

export function toAuthDecisionTransaction(f: AuthorizationFacts): AuthDecisionTransaction {
  return {
    transaction_id: f.transactionId,
    transaction_type: AUTHORIZATION_TYPE,
    card_id: f.cardId,
    processing_code: PURCHASE,
    billing_amount: num(f.billingAmount),
    transaction_amount: num(f.transactionAmount),
    // What is asked to be held: the billing amount, in the card's currency.
    auth_amount: num(f.billingAmount),
    date_of_transaction: f.at.toISOString(),
    billing_currency_code: f.billingCurrency,
    transaction_currency_code: f.transactionCurrency,
    auth_currency_code: f.billingCurrency,
    card_balance: num(f.cardBalance),
    // A simulated merchant has no acquirer ids: a stable id from its name, the rest empty.
    merchant_id: digitsOf(f.merchantName, 'merchant', 15),
    merchant_name: f.merchantName,
    merchant_category_code: f.merchantCategoryCode,
    merchant_city: f.merchantCity,
    merchant_country: f.merchantCountry,
    terminal_id: '',
    pos_entry_mode: ECOMMERCE_ENTRY,
    pos_condition_code: ECOMMERCE_CONDITION,
    pin_entry_capability: '',
    retrieval_reference_number: digitsOf(f.transactionId, 'rrn', 12),
    system_trace_audit_number: digitsOf(f.transactionId, 'stan', 6),
    acquiring_institution_country_code: f.merchantCountry,
    acquiring_institution_id: '',
    wallet_type: '',
  };
}
