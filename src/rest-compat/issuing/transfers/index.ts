import { restArea } from '../../area';
import { toRestIssuingTransfer } from './present';
import { registerIssuingTransferRoutes } from './routes';

/** The transfers area's REST door: its routes and how its events' views read on the wire. */
export const rest = restArea({ routes: [registerIssuingTransferRoutes], presenters: { issuing_transfer: toRestIssuingTransfer } });
