import { restArea } from '../../area';
import { cardOrderEnvelopes } from './errors';
import { toRestCardOrder } from './present';
import { registerCardOrderRoutes } from './routes';

/** The card-orders area's REST door: its routes and how its events' views read on the wire. */
export const rest = restArea({ envelopes: cardOrderEnvelopes, routes: [registerCardOrderRoutes], presenters: { card_order: toRestCardOrder } });
