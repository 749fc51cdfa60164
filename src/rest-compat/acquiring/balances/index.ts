import { restArea } from '../../area';
import { registerPaymentBalanceRoutes } from './routes';

/** The balances area's REST door: its routes. */
export const rest = restArea({ routes: [registerPaymentBalanceRoutes] });
