import { restArea } from '../../area';
import { toRestApplication } from './present';
import { registerVirtualAccountApplicationRoutes } from './routes';

/** The virtual-account-applications area's REST door: its routes and how its events' views read on the wire. */
export const rest = restArea({ routes: [registerVirtualAccountApplicationRoutes], presenters: { virtual_account_application: toRestApplication } });
