import { restArea } from '../../area';
import { issuingTransferEnvelopes } from './errors';
import { toRestIssuingTransfer } from './present';
import { registerIssuingTransferRoutes } from './routes';

/** The transfers area's REST door: its routes and how its events' views read on the wire. */
export const rest = restArea({ envelopes: issuingTransferEnvelopes, routes: [registerIssuingTransferRoutes], presenters: { issuing_transfer: toRestIssuingTransfer } });
