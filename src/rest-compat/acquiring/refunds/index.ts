import { restArea } from '../../area';
import { refundEnvelopes } from './errors';
import { toRestRefund } from './present';
import { registerRefundsRoutes } from './routes';

/** The refunds area's REST door: its routes and how its events' views read on the wire. */
export const rest = restArea({ envelopes: refundEnvelopes, routes: [registerRefundsRoutes], presenters: { refund: toRestRefund } });
