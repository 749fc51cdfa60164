import { restArea } from '../../area';
import { virtualAccountEnvelopes } from './errors';
import { toRestVirtualAccount } from './present';
import { registerVirtualAccountRoutes } from './routes';

/** The virtual-accounts area's REST door: its routes and how its events' views read on the wire. */
export const rest = restArea({ envelopes: virtualAccountEnvelopes, routes: [registerVirtualAccountRoutes], presenters: { virtual_account: toRestVirtualAccount } });
