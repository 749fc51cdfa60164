import { restArea } from '../../area';
import { accountEnvelopes } from './errors';
import { toRestAccount } from './present';
import { registerAccountRoutes } from './routes';

/** The accounts area's REST door: its routes and how its events' views read on the wire. */
export const rest = restArea({ envelopes: accountEnvelopes, routes: [registerAccountRoutes], presenters: { account: toRestAccount } });
