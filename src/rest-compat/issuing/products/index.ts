import { restArea } from '../../area';
import { registerCardProductRoutes } from './routes';

/** The products area's REST door: its routes. */
export const rest = restArea({ routes: [registerCardProductRoutes] });
