import { restArea } from '../../area';
import { toRestPayout } from './present';
import { registerPayoutsRoutes } from './routes';

/** The payouts area's REST door: its routes and how its events' views read on the wire. */
export const rest = restArea({ routes: [registerPayoutsRoutes], presenters: { payout: toRestPayout } });
