import { restArea } from '../../area';
import { issuingBalanceEnvelopes } from './errors';
import { registerIssuingBalanceRoutes } from './routes';

/** The balances area's REST door: its routes. */
export const rest = restArea({ envelopes: issuingBalanceEnvelopes, routes: [registerIssuingBalanceRoutes] });
