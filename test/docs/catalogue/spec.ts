/**
 * The vocabulary of the specification, kept in the repository so a reader can look it up: the
 * endpoint catalogue's ids (AU1, PA12, CI4, ...) with the route payrail serves for each, and the
 * section numbers that comments cite ("spec 4.6", "catalogue 3.7").
 *
 * Copied from the two documents payrail was built against: the interface specification
 * (`interface-spec.md`, cited as "spec X.Y") and the endpoint catalogue (`endpoints.md`, cited as
 * "catalogue X.Y" or by row id). docs/catalogue.md is written from this file and the route
 * registry (test/docs/catalogue.test.ts).
 */

/** The catalogue's tiers: S described by the spec, N named by it (4.15) or presupposed, B only in the reference client. */
export type Tier = 'S' | 'N' | 'B';

export interface CatalogueId {
  id: string;
  tier: Tier;
  /** What the endpoint does, in the catalogue's words. */
  title: string;
  /** The route payrail registers for it: method and path as src/rest-compat declares them. */
  route: string;
  /** Where the catalogue's own path differs from the route (left open, or a note on the path). */
  note?: string;
}

export const CATALOGUE_IDS: readonly CatalogueId[] = [
  { id: 'AU1', tier: 'S', title: 'Access token', route: 'POST /v1/connect/token' },
  { id: 'PA1', tier: 'N', title: 'Create PaymentIntent', route: 'POST /v2/payment_intents/create' },
  { id: 'PA2', tier: 'N', title: 'Retrieve PaymentIntent', route: 'GET /v2/payment_intents/:id' },
  { id: 'PA3', tier: 'S', title: 'Update PaymentIntent (spec 4.1)', route: 'POST /v2/payment_intents/:id' },
  { id: 'PA4', tier: 'N', title: 'Confirm PaymentIntent', route: 'POST /v2/payment_intents/:id/confirm' },
  { id: 'PA5', tier: 'S', title: 'Capture PaymentIntent (spec 4.2)', route: 'POST /v2/payment_intents/:id/capture' },
  { id: 'PA6', tier: 'N', title: 'Cancel PaymentIntent', route: 'POST /v2/payment_intents/:id/cancel' },
  { id: 'PA7', tier: 'B', title: 'List PaymentIntents', route: 'GET /v2/payment_intents' },
  { id: 'PA8', tier: 'S', title: 'Create refund (spec 4.9)', route: 'POST /v2/payment/refunds' },
  { id: 'PA9', tier: 'B', title: 'List refunds', route: 'GET /v2/payment/refunds' },
  { id: 'PA10', tier: 'B', title: 'Retrieve refund', route: 'GET /v2/payment/refunds/:id' },
  { id: 'PA11', tier: 'S', title: 'List settlements (spec 4.10)', route: 'GET /v2/payment/settlements' },
  { id: 'PA12', tier: 'B', title: 'List payment attempts', route: 'GET /v2/payment/payment_attempts' },
  { id: 'PA13', tier: 'B', title: 'Retrieve payment attempt', route: 'GET /v2/payment/payment_attempts/:id' },
  { id: 'PA14', tier: 'B', title: 'List payment balances', route: 'GET /v2/payment/balances' },
  { id: 'PA15', tier: 'B', title: 'Retrieve payment balance', route: 'GET /v2/payment/balances/:currency' },
  { id: 'PA16', tier: 'B', title: 'Create payment payout', route: 'POST /v2/payment/payout/create' },
  { id: 'PA17', tier: 'B', title: 'List payment payouts', route: 'GET /v2/payment/payout' },
  { id: 'PA18', tier: 'B', title: 'Retrieve payment payout', route: 'GET /v2/payment/payout/:id' },
  { id: 'BA1', tier: 'S', title: 'Create bank account (spec 4.3)', route: 'POST /v2/payment/bankaccount/create' },
  { id: 'BA2', tier: 'B', title: 'List bank accounts', route: 'GET /v2/payment/bankaccount' },
  { id: 'BA3', tier: 'B', title: 'Retrieve bank account', route: 'GET /v2/payment/bankaccount/:id' },
  { id: 'BA4', tier: 'B', title: 'Update bank account', route: 'POST /v2/payment/bankaccount/:id' },
  { id: 'PO1', tier: 'S', title: 'Create payout (spec 4.6)', route: 'POST /v1/payouts' },
  { id: 'PO2', tier: 'B', title: 'List payouts', route: 'GET /v1/payouts' },
  { id: 'PO3', tier: 'B', title: 'Retrieve payout', route: 'GET /v1/payouts/:id' },
  { id: 'PO4', tier: 'S', title: 'Create beneficiary (spec 4.8)', route: 'POST /v1/beneficiaries' },
  { id: 'PO5', tier: 'B', title: 'List beneficiaries', route: 'GET /v1/beneficiaries' },
  { id: 'PO6', tier: 'B', title: 'Retrieve beneficiary', route: 'GET /v1/beneficiaries/:id' },
  { id: 'PO7', tier: 'B', title: 'Update beneficiary', route: 'POST /v1/beneficiaries/:id' },
  { id: 'PO8', tier: 'B', title: 'Delete beneficiary', route: 'POST /v1/beneficiaries/:id/delete' },
  { id: 'PO9', tier: 'B', title: 'Check beneficiary', route: 'POST /v1/beneficiaries/check' },
  { id: 'PO10', tier: 'B', title: 'Beneficiary payment methods', route: 'GET /v1/beneficiaries/paymentmethods' },
  { id: 'PO11', tier: 'B', title: 'Create quote', route: 'POST /v1/conversion/quote' },
  { id: 'CI1', tier: 'S', title: 'Create card (spec 4.4)', route: 'POST /v1/issuing/cards' },
  { id: 'CI2', tier: 'N', title: 'List cards', route: 'GET /v1/issuing/cards' },
  { id: 'CI3', tier: 'N', title: 'Retrieve card', route: 'GET /v1/issuing/cards/:id' },
  { id: 'CI4', tier: 'N', title: 'Update card', route: 'POST /v1/issuing/cards/:id' },
  { id: 'CI5', tier: 'N', title: 'Update card status', route: 'POST /v1/issuing/cards/:id/status' },
  { id: 'CI6', tier: 'N', title: 'Retrieve sensitive card details', route: 'GET /v1/issuing/cards/:id/secure' },
  { id: 'CI7', tier: 'N', title: 'Create PAN token', route: 'POST /v1/issuing/cards/:id/token' },
  { id: 'CI8', tier: 'N', title: 'Recharge card', route: 'POST /v1/issuing/cards/:id/recharge' },
  { id: 'CI9', tier: 'N', title: 'Withdraw from card', route: 'POST /v1/issuing/cards/:id/withdraw' },
  { id: 'CI10', tier: 'N', title: 'Activate card', route: 'POST /v1/issuing/cards/activate' },
  { id: 'CI11', tier: 'N', title: 'Assign card', route: 'POST /v1/issuing/cards/assign' },
  { id: 'CI12', tier: 'N', title: 'Retrieve card order', route: 'GET /v1/issuing/cards/orders/:card_order_id', note: 'the catalogue leaves the path open; payrail chose it' },
  { id: 'CI13', tier: 'N', title: 'Reset card PIN', route: 'POST /v1/issuing/cards/pin', note: "the catalogue leaves the path open; the official client's path" },
  { id: 'CI14', tier: 'N', title: 'Create cardholder', route: 'POST /v1/issuing/cardholders' },
  { id: 'CI15', tier: 'S', title: 'List cardholders (spec 4.12)', route: 'GET /v1/issuing/cardholders' },
  { id: 'CI16', tier: 'S', title: 'Retrieve cardholder (spec 4.13)', route: 'GET /v1/issuing/cardholders/:id' },
  { id: 'CI17', tier: 'B', title: 'Update cardholder', route: 'POST /v1/issuing/cardholders/:id' },
  { id: 'CI18', tier: 'S', title: 'List card products (spec 4.11)', route: 'GET /v1/issuing/products' },
  { id: 'CI19', tier: 'B', title: 'List issuing balances', route: 'GET /v1/issuing/balances' },
  { id: 'CI20', tier: 'B', title: 'Retrieve issuing balance', route: 'POST /v1/issuing/balances', note: 'body {currency}' },
  { id: 'CI21', tier: 'B', title: 'List issuing balance transactions', route: 'GET /v1/issuing/balances/transactions' },
  { id: 'CI22', tier: 'B', title: 'List card transactions', route: 'GET /v1/issuing/transactions' },
  { id: 'CI23', tier: 'B', title: 'Retrieve card transaction', route: 'GET /v1/issuing/transactions/:id' },
  { id: 'CI24', tier: 'B', title: 'Create issuing transfer', route: 'POST /v1/issuing/transfers' },
  { id: 'CI25', tier: 'B', title: 'Retrieve issuing transfer', route: 'GET /v1/issuing/transfers/:id' },
  { id: 'CI26', tier: 'B', title: 'Create issuing report', route: 'POST /v1/issuing/reports' },
  { id: 'CI27', tier: 'B', title: 'Download issuing report', route: 'GET /v1/issuing/reports/:id' },
  { id: 'SI1', tier: 'S', title: 'Simulate deposit (spec 4.5)', route: 'POST /v1/simulation/deposit' },
  { id: 'SI2', tier: 'N', title: 'Simulate card authorization', route: 'POST /v1/simulation/issuing/authorization' },
  { id: 'SI3', tier: 'S', title: 'Simulate reversal (spec 4.7)', route: 'POST /v1/simulation/issuing/reversal' },
  { id: 'AF1', tier: 'S', title: 'Create account (spec 4.14)', route: 'POST /v1/accounts' },
  { id: 'AF2', tier: 'N', title: 'Create sub-account', route: 'POST /v1/accounts/create_accounts' },
  { id: 'AF3', tier: 'N', title: 'List accounts', route: 'GET /v1/accounts' },
  { id: 'AF4', tier: 'N', title: 'Retrieve account', route: 'GET /v1/accounts/:id' },
  { id: 'AF5', tier: 'N', title: 'Additional documents', route: 'GET /v1/accounts/get_additional' },
  { id: 'AF6', tier: 'N', title: 'Upload file', route: 'POST /v1/files/upload', note: 'file host, multipart' },
  { id: 'AF7', tier: 'N', title: 'File download links', route: 'POST /v1/files/download_links', note: 'file host' },
  { id: 'BT1', tier: 'B', title: 'List balances', route: 'GET /v1/balances' },
  { id: 'BT2', tier: 'B', title: 'Retrieve balance', route: 'GET /v1/balances/:currency' },
  { id: 'BT3', tier: 'B', title: 'List balance transactions', route: 'GET /v1/balances/transactions' },
  { id: 'BT4', tier: 'B', title: 'List deposits', route: 'GET /v1/deposit' },
  { id: 'BT5', tier: 'B', title: 'Retrieve deposit', route: 'GET /v1/deposit/:id' },
  { id: 'BT6', tier: 'B', title: 'Create transfer', route: 'POST /v1/transfer' },
  { id: 'BT7', tier: 'B', title: 'List transfers', route: 'GET /v1/transfer' },
  { id: 'BT8', tier: 'B', title: 'Retrieve transfer', route: 'GET /v1/transfer/:id' },
  { id: 'BT9', tier: 'B', title: 'Create conversion', route: 'POST /v1/conversion' },
  { id: 'BT10', tier: 'B', title: 'List conversions', route: 'GET /v1/conversion' },
  { id: 'BT11', tier: 'B', title: 'Retrieve conversion', route: 'GET /v1/conversion/:id' },
  { id: 'BT12', tier: 'B', title: 'Conversion dates', route: 'GET /v1/conversion/conversion_dates' },
  { id: 'BT13', tier: 'B', title: 'Exchange rates', route: 'GET /v1/exchange/rates' },
  { id: 'BT14', tier: 'B', title: 'Open virtual account', route: 'POST /v1/virtual/accounts' },
  { id: 'BT15', tier: 'B', title: 'List virtual accounts', route: 'GET /v1/virtual/accounts' },
];

/**
 * Sections of the interface specification ("spec X.Y"). Section 5 is a numbered list, so "spec
 * 5.2" names its second item.
 */
export const SPEC_SECTIONS: Readonly<Record<string, string>> = {
  '1': 'What the service does',
  '2': 'Resources and their fields (conventions: decimal-string and JSON-number amounts, timestamps, ISO codes)',
  '2.1': 'PaymentIntent',
  '2.2': 'next_action',
  '2.3': 'PaymentAttempt (latest_payment_attempt)',
  '2.4': 'Refund',
  '2.5': 'Settlement (item of the settlement list)',
  '2.6': 'BankAccount',
  '2.7': 'Card creation result',
  '2.8': 'Cardholder',
  '2.9': 'CardProduct',
  '2.10': 'Deposit (simulated)',
  '2.11': 'Payout result',
  '2.12': 'Beneficiary',
  '2.13': 'Simulated issuing transaction (reversal result)',
  '2.14': 'Account (creation result)',
  '3': 'States and transitions',
  '3.1': 'Value sets',
  '3.2': 'Transitions',
  '4': 'Endpoints',
  '4.0': 'Common headers',
  '4.1': 'Update a PaymentIntent (PA3)',
  '4.2': 'Capture a PaymentIntent (PA5)',
  '4.3': 'Create Bank Account (BA1)',
  '4.4': 'Create Card (CI1)',
  '4.5': 'Simulate Deposit Creation (SI1)',
  '4.6': 'Create Payout (PO1)',
  '4.7': 'Simulate Reversal (SI3)',
  '4.8': 'Create Beneficiary (PO4)',
  '4.9': 'Create a refund (PA8)',
  '4.10': 'Get list of settlements (PA11)',
  '4.11': 'List Card Products (CI18)',
  '4.12': 'List Cardholders (CI15)',
  '4.13': 'Retrieve Cardholder (CI16)',
  '4.14': 'Create Account (AF1)',
  '4.15': 'Endpoints named but not described',
  '5': 'Authentication',
  '5.1': 'Authentication, item 1: the access token from POST /v1/connect/token',
  '5.2': 'Authentication, item 2: the x-auth-token header; a Bearer value must be exactly "Bearer <token>"',
  '5.3': 'Authentication, item 3: x-client-id on the payment endpoints (4.1, 4.2, 4.9)',
  '5.4': 'Authentication, item 4: when a token is rejected',
  '5.5': "Authentication, item 5: the developer key's IP allow-list",
  '5.6': 'Authentication, item 6: x-on-behalf-of selects a connected sub-account',
  '5.7': 'Authentication, item 7: the permission Retrieve Sensitive Card Details needs',
  '5.8': 'Authentication, item 8: a PaymentIntent client_secret, valid 60 minutes',
  '6': 'Events',
  '7': 'Errors',
  '7.1': 'Account-center envelope',
  '7.2': 'Card-issuance envelopes (A and B)',
  '8': 'Limits',
  '9': 'Versioning',
};

/** Sections of the endpoint catalogue ("catalogue X.Y"). */
export const CATALOGUE_SECTIONS: Readonly<Record<string, string>> = {
  '1': 'Legend (tiers, markers, header codes, error families, conventions)',
  '2': 'Overview of the endpoints (the ids below)',
  '3': 'Per-area detail',
  '3.1': 'Auth (AU1)',
  '3.2': 'Payment acceptance (/v2)',
  '3.3': 'Settlement bank accounts (/v2)',
  '3.4': 'Payouts, beneficiaries, quotes (/v1)',
  '3.5': 'Card issuing (/v1/issuing)',
  '3.6': 'Simulations (sandbox)',
  '3.7': 'Accounts and files',
  '3.8': 'Balances, deposits, transfers, conversions, virtual accounts (/v1)',
  '4': 'Token exchange',
  '5': 'Webhooks',
  '6': 'Error handling',
  '6.1': 'Envelopes (spec)',
  '6.2': 'How the reference client parses a failure',
  '6.3': 'Retry (reference client)',
  '6.4': 'Token expiry (reference client)',
  '6.5': 'Idempotency key format',
  '7': 'Pagination',
};

/**
 * Words in src that look like catalogue ids and are not: NAR1 (Hong Kong's annual return form),
 * NAT64 (an IPv6 prefix), SHA3, UTF8.
 */
export const NOT_CATALOGUE_IDS: readonly string[] = ['NAR1', 'NAT64', 'SHA3', 'UTF8'];
