import { restArea } from '../../area';
import { transferEnvelopes } from './errors';
import { toRestTransfer } from './present';
import { registerTransfersRoutes } from './routes';

/** The transfers area's REST door: its routes and how its events' views read on the wire. */
export const rest = restArea({ envelopes: transferEnvelopes, routes: [registerTransfersRoutes], presenters: { transfer: toRestTransfer } });
