import type { ClientMethod, HttpVerb, SdkName } from '../catalog';

const REPLAY = { replayedIn: 'test/clients/banking.replay.test.ts' };

/** One banking method as each client spells it: Node camelCase, Python snake_case. */
type Pair = [node: string, python: string, verb: HttpVerb, path: string, types?: { node?: [string?, string?]; python?: [string?, string?] }];

const PAIRS: Pair[] = [
  ['balances.list', 'balances.list', 'GET', '/v1/balances', { node: ['ListBalancesParams', 'PaginatedResponse<Balance>'] }],
  ['balances.retrieve', 'balances.retrieve', 'GET', '/v1/balances/{currency}', { node: [undefined, 'Balance'] }],
  ['balances.listTransactions', 'balances.list_transactions', 'GET', '/v1/balances/transactions', { node: ['ListBalanceTransactionsParams', 'PaginatedResponse<BalanceTransaction>'] }],
  ['deposits.list', 'deposits.list', 'GET', '/v1/deposit', { node: ['ListDepositsParams', 'PaginatedResponse<Deposit>'] }],
  ['deposits.retrieve', 'deposits.retrieve', 'GET', '/v1/deposit/{id}', { node: [undefined, 'Deposit'] }],
  ['transfers.create', 'transfers.create', 'POST', '/v1/transfer', { node: ['CreateTransferParams', 'CreateTransferResponse'], python: ['CreateTransferParams'] }],
  ['transfers.list', 'transfers.list', 'GET', '/v1/transfer', { node: ['ListTransfersParams', 'PaginatedResponse<Transfer>'] }],
  ['transfers.retrieve', 'transfers.retrieve', 'GET', '/v1/transfer/{id}', { node: [undefined, 'Transfer'] }],
  ['payouts.create', 'payouts.create', 'POST', '/v1/payouts', { node: ['CreatePayoutParams', 'CreatePayoutResponse'], python: ['CreatePayoutParams'] }],
  ['payouts.list', 'payouts.list', 'GET', '/v1/payouts', { node: ['ListPayoutsParams', 'PaginatedResponse<Payout>'] }],
  ['payouts.retrieve', 'payouts.retrieve', 'GET', '/v1/payouts/{id}', { node: [undefined, 'Payout'] }],
  ['beneficiaries.create', 'beneficiaries.create', 'POST', '/v1/beneficiaries', { node: ['CreateBeneficiaryParams', 'CreateBeneficiaryResponse'], python: ['CreateBeneficiaryParams'] }],
  ['beneficiaries.list', 'beneficiaries.list', 'GET', '/v1/beneficiaries', { node: ['ListBeneficiariesParams', 'PaginatedResponse<Beneficiary>'] }],
  ['beneficiaries.retrieve', 'beneficiaries.retrieve', 'GET', '/v1/beneficiaries/{id}', { node: [undefined, 'Beneficiary'] }],
  ['beneficiaries.update', 'beneficiaries.update', 'POST', '/v1/beneficiaries/{id}', { node: ['Partial<CreateBeneficiaryParams>', 'CreateBeneficiaryResponse'], python: ['UpdateBeneficiaryParams'] }],
  ['beneficiaries.delete', 'beneficiaries.delete', 'POST', '/v1/beneficiaries/{id}/delete', { node: ['{}', 'Record<string, never>'] }],
  ['beneficiaries.check', 'beneficiaries.check', 'POST', '/v1/beneficiaries/check', { node: ['CheckBeneficiaryParams', 'Beneficiary'], python: ['CheckBeneficiaryParams'] }],
  ['conversions.createQuote', 'conversions.create_quote', 'POST', '/v1/conversion/quote', { node: ['CreateQuoteParams', 'QuoteResponse'], python: ['CreateQuoteParams'] }],
  ['conversions.create', 'conversions.create', 'POST', '/v1/conversion', { node: ['CreateConversionParams', 'Conversion'], python: ['CreateConversionParams'] }],
  ['conversions.list', 'conversions.list', 'GET', '/v1/conversion', { node: ['ListConversionsParams', 'PaginatedResponse<Conversion>'] }],
  ['conversions.retrieve', 'conversions.retrieve', 'GET', '/v1/conversion/{id}', { node: [undefined, 'Conversion'] }],
  ['conversions.listDates', 'conversions.list_dates', 'GET', '/v1/conversion/conversion_dates', { node: ['ListConversionDatesParams', 'ConversionDate[]'] }],
  ['conversions.listCurrentRates', 'conversions.list_current_rates', 'GET', '/v1/exchange/rates', { node: ['ListCurrentRatesParams', 'ExchangeRatesResponse'], python: ['ListCurrentRatesParams'] }],
  ['virtualAccounts.create', 'virtual_accounts.create', 'POST', '/v1/virtual/accounts', { node: ['CreateVirtualAccountParams', 'CreateVirtualAccountResponse'], python: ['CreateVirtualAccountParams'] }],
  ['virtualAccounts.list', 'virtual_accounts.list', 'GET', '/v1/virtual/accounts', { node: ['ListVirtualAccountsParams', 'PaginatedResponse<VirtualAccount>'], python: ['ListVirtualAccountsParams'] }],
  [
    'virtualAccountApplications.list',
    'virtual_account_applications.list',
    'GET',
    '/v1/virtual/applications',
    {
      node: ['ListVirtualAccountApplicationsParams', 'ListVirtualAccountApplicationsResponse'],
      python: ['ListVirtualAccountApplicationsParams', 'VirtualAccountApplicationListResponse'],
    },
  ],
  [
    'virtualAccountApplications.retrieve',
    'virtual_account_applications.retrieve',
    'GET',
    '/v1/virtual/applications/{application_id}',
    { node: [undefined, 'RetrieveVirtualAccountApplicationResponse'], python: [undefined, 'VirtualAccountApplicationResponse'] },
  ],
  ['paymentMethods.list', 'payment_methods.list', 'GET', '/v1/beneficiaries/paymentmethods', { node: ['ListPaymentMethodsParams', 'PaymentMethod[]'] }],
];

const entry = (sdk: SdkName, name: string, verb: HttpVerb, path: string, types: [string?, string?] | undefined): ClientMethod => ({
  sdk,
  name: `banking.${name}`,
  verb,
  path,
  ...(types?.[0] ? { request: types[0] } : {}),
  ...(types?.[1] ? { response: types[1] } : {}),
  status: REPLAY,
});

/** The clients' banking methods (see ../catalog.ts): Node src/resources/banking, Python uqpay/resources/banking. */
export const BANKING_METHODS: ClientMethod[] = [
  ...PAIRS.map(([node, , verb, path, types]) => entry('node', node, verb, path, types?.node)),
  ...PAIRS.map(([, python, verb, path, types]) => entry('python', python, verb, path, types?.python)),
];
