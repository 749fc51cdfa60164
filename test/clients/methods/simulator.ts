import type { ClientMethod } from '../catalog';

const REPLAY = { replayedIn: 'test/clients/simulator.replay.test.ts' };

/** The clients' simulator methods (see ../catalog.ts); both clients refuse them outside a sandbox host. */
export const SIMULATOR_METHODS: ClientMethod[] = [
  // uqpay-node src/resources/simulator/{issuing,deposits}.ts, types in simulator/types.ts
  { sdk: 'node', name: 'simulator.issuing.authorize', verb: 'POST', path: '/v1/simulation/issuing/authorization', request: 'SimulateAuthorizationParams', response: 'SimulateAuthorizationResponse', status: REPLAY },
  { sdk: 'node', name: 'simulator.issuing.reverse', verb: 'POST', path: '/v1/simulation/issuing/reversal', request: 'SimulateReversalParams', response: 'SimulateAuthorizationResponse', status: REPLAY },
  { sdk: 'node', name: 'simulator.deposits.simulate', verb: 'POST', path: '/v1/simulation/deposit', request: 'SimulateDepositParams', response: 'SimulateDepositResponse', status: REPLAY },
  // uqpay-sdk-python uqpay/resources/simulator/{issuing,deposits}.py, TypedDicts in uqpay/types/simulator/
  { sdk: 'python', name: 'simulator.issuing.authorize', verb: 'POST', path: '/v1/simulation/issuing/authorization', request: 'SimulateAuthorizationParams', status: REPLAY },
  { sdk: 'python', name: 'simulator.issuing.reverse', verb: 'POST', path: '/v1/simulation/issuing/reversal', request: 'SimulateReversalParams', status: REPLAY },
  { sdk: 'python', name: 'simulator.deposits.simulate', verb: 'POST', path: '/v1/simulation/deposit', request: 'SimulateDepositCreationParams', status: REPLAY },
];
