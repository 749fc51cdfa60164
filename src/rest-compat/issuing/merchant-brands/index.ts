import { restArea } from '../../area';
import { registerMerchantBrandRoutes } from './routes';

/** The merchant-brands area's REST door: its routes. */
export const rest = restArea({ routes: [registerMerchantBrandRoutes] });
