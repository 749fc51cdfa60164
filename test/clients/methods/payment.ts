import type { ClientMethod, HttpVerb, SdkName } from '../catalog';

/**
 * The clients' payment methods (see ../catalog.ts), read from uqpay-node 0.3.x
 * (src/resources/payment/*.ts, types.ts) and uqpay-sdk-python 2.0 (uqpay/resources/payment/*.py,
 * uqpay/types/payment/*.py). Both send x-client-id on every one (PaymentBaseResource). The Python
 * client declares every answer as `dict[str, Any]`; the Node client's answer types are named.
 */
const INTENTS = { replayedIn: 'test/clients/payment.replay.test.ts' };
const MONEY = { replayedIn: 'test/clients/payment-money.replay.test.ts' };

type Row = [name: string, verb: HttpVerb, path: string, request: string | undefined, response: string | undefined, status: ClientMethod['status']];

const rows = (sdk: SdkName, list: Row[]): ClientMethod[] =>
  list.map(([name, verb, path, request, response, status]) => ({
    sdk,
    name,
    verb,
    path,
    ...(request ? { request } : {}),
    ...(response ? { response } : {}),
    status,
  }));

const NODE: Row[] = [
  ['payment.paymentIntents.create', 'POST', '/v2/payment_intents/create', 'CreatePaymentIntentParams', 'PaymentIntent', INTENTS],
  ['payment.paymentIntents.list', 'GET', '/v2/payment_intents', 'ListPaymentIntentsParams', 'PaginatedResponse<PaymentIntent>', INTENTS],
  ['payment.paymentIntents.retrieve', 'GET', '/v2/payment_intents/{id}', undefined, 'PaymentIntent', INTENTS],
  ['payment.paymentIntents.update', 'POST', '/v2/payment_intents/{id}', 'UpdatePaymentIntentParams', 'PaymentIntent', INTENTS],
  ['payment.paymentIntents.confirm', 'POST', '/v2/payment_intents/{id}/confirm', 'ConfirmPaymentIntentParams', 'PaymentIntent', INTENTS],
  ['payment.paymentIntents.capture', 'POST', '/v2/payment_intents/{id}/capture', 'CapturePaymentIntentParams', 'PaymentIntent', INTENTS],
  ['payment.paymentIntents.cancel', 'POST', '/v2/payment_intents/{id}/cancel', 'CancelPaymentIntentParams', 'PaymentIntent', INTENTS],
  ['payment.paymentAttempts.list', 'GET', '/v2/payment/payment_attempts', 'ListPaymentAttemptsParams', 'PaginatedResponse<PaymentAttempt>', INTENTS],
  ['payment.paymentAttempts.retrieve', 'GET', '/v2/payment/payment_attempts/{id}', undefined, 'PaymentAttempt', INTENTS],
  ['payment.refunds.create', 'POST', '/v2/payment/refunds', 'CreateRefundParams', 'Refund', INTENTS],
  ['payment.refunds.list', 'GET', '/v2/payment/refunds', 'ListRefundsParams', 'PaginatedResponse<Refund>', INTENTS],
  ['payment.refunds.retrieve', 'GET', '/v2/payment/refunds/{id}', undefined, 'Refund', INTENTS],
  ['payment.settlements.list', 'GET', '/v2/payment/settlements', 'ListSettlementsParams', 'PaginatedResponse<Settlement>', INTENTS],
  ['payment.bankAccounts.create', 'POST', '/v2/payment/bankaccount/create', 'CreateBankAccountParams', 'BankAccount', MONEY],
  ['payment.bankAccounts.list', 'GET', '/v2/payment/bankaccount', 'ListBankAccountsParams', 'PaginatedResponse<BankAccount>', MONEY],
  ['payment.bankAccounts.retrieve', 'GET', '/v2/payment/bankaccount/{id}', undefined, 'BankAccount', MONEY],
  ['payment.bankAccounts.update', 'POST', '/v2/payment/bankaccount/{id}', 'UpdateBankAccountParams', 'BankAccount', MONEY],
  ['payment.balances.list', 'GET', '/v2/payment/balances', 'ListPaymentBalancesParams', 'PaginatedResponse<PaymentBalance>', MONEY],
  ['payment.balances.retrieve', 'GET', '/v2/payment/balances/{currency}', undefined, 'PaymentBalance', MONEY],
  ['payment.payouts.create', 'POST', '/v2/payment/payout/create', 'CreatePaymentPayoutParams', 'PaymentPayout', MONEY],
  ['payment.payouts.list', 'GET', '/v2/payment/payout', 'ListPaymentPayoutsParams', 'PaginatedResponse<PaymentPayout>', MONEY],
  ['payment.payouts.retrieve', 'GET', '/v2/payment/payout/{id}', undefined, 'PaymentPayout', MONEY],
  ['payment.terminals.register', 'POST', '/v2/terminal/register', 'RegisterTerminalParams', 'RegisterTerminalResponse', MONEY],
  ['payment.terminals.getPinKey', 'POST', '/v2/terminal/getPinKey', 'GetPinKeyParams', 'GetPinKeyResponse', MONEY],
];

const PYTHON: Row[] = [
  ['payment.payment_intents.create', 'POST', '/v2/payment_intents/create', 'CreatePaymentIntentParams', undefined, INTENTS],
  ['payment.payment_intents.list', 'GET', '/v2/payment_intents', undefined, undefined, INTENTS],
  ['payment.payment_intents.retrieve', 'GET', '/v2/payment_intents/{id}', undefined, undefined, INTENTS],
  ['payment.payment_intents.update', 'POST', '/v2/payment_intents/{id}', 'UpdatePaymentIntentParams', undefined, INTENTS],
  ['payment.payment_intents.confirm', 'POST', '/v2/payment_intents/{id}/confirm', 'ConfirmPaymentIntentParams', undefined, INTENTS],
  ['payment.payment_intents.capture', 'POST', '/v2/payment_intents/{id}/capture', 'CapturePaymentIntentParams', undefined, INTENTS],
  ['payment.payment_intents.cancel', 'POST', '/v2/payment_intents/{id}/cancel', 'CancelPaymentIntentParams', undefined, INTENTS],
  ['payment.attempts.list', 'GET', '/v2/payment/payment_attempts', 'ListPaymentAttemptsParams', undefined, INTENTS],
  ['payment.attempts.retrieve', 'GET', '/v2/payment/payment_attempts/{id}', undefined, undefined, INTENTS],
  ['payment.refunds.create', 'POST', '/v2/payment/refunds', 'CreateRefundParams', undefined, INTENTS],
  ['payment.refunds.list', 'GET', '/v2/payment/refunds', 'ListRefundsParams', undefined, INTENTS],
  ['payment.refunds.retrieve', 'GET', '/v2/payment/refunds/{id}', undefined, undefined, INTENTS],
  ['payment.settlements.list', 'GET', '/v2/payment/settlements', undefined, undefined, INTENTS],
  ['payment.bank_accounts.create', 'POST', '/v2/payment/bankaccount/create', 'CreateBankAccountParams', undefined, MONEY],
  ['payment.bank_accounts.list', 'GET', '/v2/payment/bankaccount', undefined, undefined, MONEY],
  ['payment.bank_accounts.retrieve', 'GET', '/v2/payment/bankaccount/{id}', undefined, undefined, MONEY],
  ['payment.bank_accounts.update', 'POST', '/v2/payment/bankaccount/{id}', 'UpdateBankAccountParams', undefined, MONEY],
  ['payment.balances.list', 'GET', '/v2/payment/balances', undefined, undefined, MONEY],
  ['payment.balances.retrieve', 'GET', '/v2/payment/balances/{currency}', undefined, undefined, MONEY],
  ['payment.payouts.create', 'POST', '/v2/payment/payout/create', 'CreatePayoutParams', undefined, MONEY],
  ['payment.payouts.list', 'GET', '/v2/payment/payout', undefined, undefined, MONEY],
  ['payment.payouts.retrieve', 'GET', '/v2/payment/payout/{id}', undefined, undefined, MONEY],
  ['payment.terminals.register', 'POST', '/v2/terminal/register', 'RegisterTerminalParams', undefined, MONEY],
  ['payment.terminals.get_pin_key', 'POST', '/v2/terminal/getPinKey', 'GetPinKeyParams', undefined, MONEY],
];

export const PAYMENT_METHODS: ClientMethod[] = [...rows('node', NODE), ...rows('python', PYTHON)];
