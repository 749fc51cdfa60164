import { restArea } from '../../area';
import { applicationEnvelopes } from './errors';
import { toRestApplication } from './present';
import { registerVirtualAccountApplicationRoutes } from './routes';

/** The virtual-account-applications area's REST door: its routes and how its events' views read on the wire. */
export const rest = restArea({ envelopes: applicationEnvelopes, routes: [registerVirtualAccountApplicationRoutes], presenters: { virtual_account_application: toRestApplication } });
