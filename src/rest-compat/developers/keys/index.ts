import { restArea } from '../../area';
import { registerAuthRoutes } from './routes';

/** The keys area's REST door: its routes. */
export const rest = restArea({ routes: [registerAuthRoutes] });
