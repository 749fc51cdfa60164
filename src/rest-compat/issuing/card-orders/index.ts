import { restArea } from '../../area';
import { toRestCardOrder } from './present';
import { registerCardOrderRoutes } from './routes';

/** The card-orders area's REST door: its routes and how its events' views read on the wire. */
export const rest = restArea({ routes: [registerCardOrderRoutes], presenters: { card_order: toRestCardOrder } });
