import { restArea } from '../../area';
import { registerIssuingBalanceRoutes } from './routes';

/** The balances area's REST door: its routes. */
export const rest = restArea({ routes: [registerIssuingBalanceRoutes] });
