import type { ClientMethod } from '../catalog';

const REPLAY = { replayedIn: 'test/clients/banking.replay.test.ts' };

/** The clients' banking methods (see ../catalog.ts). */
export const BANKING_METHODS: ClientMethod[] = [
  { sdk: 'node', name: 'banking.balances.list', verb: 'GET', path: '/v1/balances', request: 'ListBalancesParams', response: 'PaginatedResponse<Balance>', status: REPLAY },
  { sdk: 'python', name: 'banking.balances.list', verb: 'GET', path: '/v1/balances', status: REPLAY },
];
