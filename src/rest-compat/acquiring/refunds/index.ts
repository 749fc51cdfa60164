import { restArea } from '../../area';
import { toRestRefund } from './present';
import { registerRefundsRoutes } from './routes';

/** The refunds area's REST door: its routes and how its events' views read on the wire. */
export const rest = restArea({ routes: [registerRefundsRoutes], presenters: { refund: toRestRefund } });
