import { restArea } from '../../area';
import { cardTransactionEnvelopes } from './errors';
import { toRestCardTransaction } from './present';
import { registerCardTransactionRoutes } from './routes';

/** The transactions area's REST door: its routes and how its events' views read on the wire. */
export const rest = restArea({ envelopes: cardTransactionEnvelopes, routes: [registerCardTransactionRoutes], presenters: { card_transaction: toRestCardTransaction } });
