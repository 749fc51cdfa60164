import { restArea } from '../../area';
import { toRestPaymentPayout } from './present';
import { registerPaymentPayoutRoutes } from './routes';

/** The payouts area's REST door: its routes and how its events' views read on the wire. */
export const rest = restArea({ routes: [registerPaymentPayoutRoutes], presenters: { payment_payout: toRestPaymentPayout } });
