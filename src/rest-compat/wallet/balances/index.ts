import { restArea } from '../../area';
import { registerBalancesRoutes } from './routes';

/** The balances area's REST door: its routes. */
export const rest = restArea({ routes: [registerBalancesRoutes] });
