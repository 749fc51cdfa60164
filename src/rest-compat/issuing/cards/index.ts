import { restArea } from '../../area';
import { cardEnvelopes } from './errors';
import { toRestCard, toRestNetworkProtection } from './present';
import { registerCardRoutes } from './routes';

/** The cards area's REST door: its routes and how its events' views read on the wire. */
export const rest = restArea({ envelopes: cardEnvelopes, routes: [registerCardRoutes], presenters: { card: toRestCard, card_network_protection: toRestNetworkProtection } });
