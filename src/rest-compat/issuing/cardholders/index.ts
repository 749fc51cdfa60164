import { restArea } from '../../area';
import { cardholderEnvelopes } from './errors';
import { toRestCardholderEvent } from './present';
import { registerCardholderRoutes } from './routes';

/** The cardholders area's REST door: its routes and how its events' views read on the wire. */
export const rest = restArea({ envelopes: cardholderEnvelopes, routes: [registerCardholderRoutes], presenters: { cardholder: toRestCardholderEvent } });
