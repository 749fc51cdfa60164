import { restArea } from '../../area';
import { registerCardSecureRoutes } from './routes';

/** The card-secure area's REST door: its routes. */
export const rest = restArea({ routes: [registerCardSecureRoutes] });
