import type { ClientMethod } from '../catalog';

const REPLAY = { replayedIn: 'test/clients/connect.replay.test.ts' };

/**
 * The clients' connect methods (see ../catalog.ts): the Node client's `account` resource
 * (src/resources/account), the Python client's `connect` (uqpay/resources/connect).
 */
export const CONNECT_METHODS: ClientMethod[] = [
  { sdk: 'node', name: 'account.accounts.create', verb: 'POST', path: '/v1/accounts', request: 'CreateAccountParams', response: 'CreateAccountResponse', status: REPLAY },
  { sdk: 'node', name: 'account.accounts.retrieve', verb: 'GET', path: '/v1/accounts/{id}', response: 'RetrieveAccountResponse', status: REPLAY },
  { sdk: 'node', name: 'account.accounts.list', verb: 'GET', path: '/v1/accounts', request: 'ListAccountsParams', response: 'PaginatedResponse<RetrieveAccountResponse>', status: REPLAY },
  { sdk: 'node', name: 'account.subAccounts.create', verb: 'POST', path: '/v1/accounts/create_accounts', request: 'CreateSubAccountParams', response: 'CreateSubAccountResponse', status: REPLAY },
  { sdk: 'node', name: 'account.additionalDocs.get', verb: 'GET', path: '/v1/accounts/get_additional', request: 'GetAdditionalDocsParams', response: 'AdditionalDocument[]', status: REPLAY },
  { sdk: 'node', name: 'account.rfis.list', verb: 'GET', path: '/v1/rfis', request: 'ListRfisParams', response: 'PaginatedResponse<Rfi>', status: REPLAY },
  { sdk: 'node', name: 'account.rfis.retrieve', verb: 'GET', path: '/v1/rfis/{id}', response: 'Rfi', status: REPLAY },
  { sdk: 'node', name: 'account.rfis.answer', verb: 'POST', path: '/v1/rfis/answer', request: 'AnswerRfiParams', response: 'Rfi', status: REPLAY },

  { sdk: 'python', name: 'connect.accounts.create', verb: 'POST', path: '/v1/accounts', request: 'CreateAccountParams', status: REPLAY },
  { sdk: 'python', name: 'connect.accounts.retrieve', verb: 'GET', path: '/v1/accounts/{id}', status: REPLAY },
  { sdk: 'python', name: 'connect.accounts.list', verb: 'GET', path: '/v1/accounts', status: REPLAY },
  { sdk: 'python', name: 'connect.sub_accounts.create', verb: 'POST', path: '/v1/accounts/create_accounts', request: 'CreateSubAccountParams', status: REPLAY },
  { sdk: 'python', name: 'connect.additional_docs.get', verb: 'GET', path: '/v1/accounts/get_additional', request: 'GetAdditionalDocumentsParams', status: REPLAY },
  { sdk: 'python', name: 'connect.rfis.list', verb: 'GET', path: '/v1/rfis', request: 'ListRfisParams', status: REPLAY },
  { sdk: 'python', name: 'connect.rfis.retrieve', verb: 'GET', path: '/v1/rfis/{id}', status: REPLAY },
  { sdk: 'python', name: 'connect.rfis.answer', verb: 'POST', path: '/v1/rfis/answer', request: 'AnswerRfiParams', status: REPLAY },
];
