import { restArea } from '../../area';
import { registerAuthDecisionRoutes } from './routes';

/** The auth-decisions area's REST door: its routes. */
export const rest = restArea({ routes: [registerAuthDecisionRoutes] });
