import { restArea } from '../../area';
import { toRestCardTransaction } from './present';
import { registerCardTransactionRoutes } from './routes';

/** The transactions area's REST door: its routes and how its events' views read on the wire. */
export const rest = restArea({ routes: [registerCardTransactionRoutes], presenters: { card_transaction: toRestCardTransaction } });
