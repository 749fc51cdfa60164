import type { ClientMethod } from '../catalog';

const REPLAY = { replayedIn: 'test/clients/issuing-money.replay.test.ts' };

/**
 * The clients' issuing methods about money: issuing balances, issuing transfers, card transactions
 * (see ../catalog.ts). Authorization decisions (`issuing.authDecision` / `issuing.auth_decision`)
 * make no HTTP call of their own: they are the customer's side of payrail's call, tested with both
 * clients' PGP libraries in test/auth-decision/.
 */
export const ISSUING_MONEY_METHODS: ClientMethod[] = [
  // uqpay-node src/resources/issuing/{balances,transactions,transfers}.ts, types in issuing/types.ts
  { sdk: 'node', name: 'issuing.balances.list', verb: 'GET', path: '/v1/issuing/balances', request: 'ListIssuingBalancesParams', response: 'PaginatedResponse<IssuingBalance>', status: REPLAY },
  { sdk: 'node', name: 'issuing.balances.retrieve', verb: 'POST', path: '/v1/issuing/balances', request: '{ currency }', response: 'IssuingBalance', status: REPLAY },
  { sdk: 'node', name: 'issuing.balances.listTransactions', verb: 'GET', path: '/v1/issuing/balances/transactions', request: 'ListIssuingBalanceTransactionsParams', response: 'PaginatedResponse<IssuingBalanceTransaction>', status: REPLAY },
  { sdk: 'node', name: 'issuing.transactions.list', verb: 'GET', path: '/v1/issuing/transactions', request: 'ListCardTransactionsParams', response: 'PaginatedResponse<CardTransaction>', status: REPLAY },
  { sdk: 'node', name: 'issuing.transactions.retrieve', verb: 'GET', path: '/v1/issuing/transactions/{id}', response: 'CardTransaction', status: REPLAY },
  { sdk: 'node', name: 'issuing.transactions.claimUnsolicitedRefund', verb: 'POST', path: '/v1/issuing/transactions/unsolicited_refund/release', request: 'ClaimUnsolicitedRefundParams', response: 'ClaimUnsolicitedRefundResponse', status: REPLAY },
  { sdk: 'node', name: 'issuing.transfers.create', verb: 'POST', path: '/v1/issuing/transfers', request: 'CreateIssuingTransferParams', response: 'CreateIssuingTransferResponse', status: REPLAY },
  { sdk: 'node', name: 'issuing.transfers.retrieve', verb: 'GET', path: '/v1/issuing/transfers/{id}', response: 'IssuingTransfer', status: REPLAY },
  // uqpay-sdk-python uqpay/resources/issuing/{balances,transactions,transfers}.py (answers: dict[str, Any])
  { sdk: 'python', name: 'issuing.balances.list', verb: 'GET', path: '/v1/issuing/balances', status: REPLAY },
  { sdk: 'python', name: 'issuing.balances.retrieve', verb: 'POST', path: '/v1/issuing/balances', request: 'RetrieveIssuingBalanceParams', status: REPLAY },
  { sdk: 'python', name: 'issuing.balances.list_transactions', verb: 'GET', path: '/v1/issuing/balances/transactions', status: REPLAY },
  { sdk: 'python', name: 'issuing.transactions.list', verb: 'GET', path: '/v1/issuing/transactions', status: REPLAY },
  { sdk: 'python', name: 'issuing.transactions.retrieve', verb: 'GET', path: '/v1/issuing/transactions/{id}', status: REPLAY },
  { sdk: 'python', name: 'issuing.transactions.claim_unsolicited_refund', verb: 'POST', path: '/v1/issuing/transactions/unsolicited_refund/release', request: 'ClaimUnsolicitedRefundParams', status: REPLAY },
  { sdk: 'python', name: 'issuing.transfers.create', verb: 'POST', path: '/v1/issuing/transfers', request: 'CreateIssuingTransferParams', status: REPLAY },
  { sdk: 'python', name: 'issuing.transfers.retrieve', verb: 'GET', path: '/v1/issuing/transfers/{id}', status: REPLAY },
];
