import { restArea } from '../../area';
import { depositEnvelopes } from './errors';
import { toRestDeposit } from './present';
import { registerDepositsRoutes } from './routes';

/** The deposits area's REST door: its routes and how its events' views read on the wire. */
export const rest = restArea({ envelopes: depositEnvelopes, routes: [registerDepositsRoutes], presenters: { deposit: toRestDeposit } });
