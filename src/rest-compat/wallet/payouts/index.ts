import { restArea } from '../../area';
import { payoutEnvelopes } from './errors';
import { toRestPayout } from './present';
import { registerPayoutsRoutes } from './routes';

/** The payouts area's REST door: its routes and how its events' views read on the wire. */
export const rest = restArea({ envelopes: payoutEnvelopes, routes: [registerPayoutsRoutes], presenters: { payout: toRestPayout } });
