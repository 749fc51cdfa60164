import { restArea } from '../../area';
import { paymentPayoutEnvelopes } from './errors';
import { toRestPaymentPayout } from './present';
import { registerPaymentPayoutRoutes } from './routes';

/** The payouts area's REST door: its routes and how its events' views read on the wire. */
export const rest = restArea({ envelopes: paymentPayoutEnvelopes, routes: [registerPaymentPayoutRoutes], presenters: { payment_payout: toRestPaymentPayout } });
