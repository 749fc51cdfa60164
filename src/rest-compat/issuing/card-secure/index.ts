import { restArea } from '../../area';
import { cardSecureEnvelopes } from './errors';
import { registerCardSecureRoutes } from './routes';

/** The card-secure area's REST door: its routes. */
export const rest = restArea({ envelopes: cardSecureEnvelopes, routes: [registerCardSecureRoutes] });
