import { restArea } from '../../area';
import { registerSimulationRoutes } from './routes';

/** The sandbox area's REST door: its routes. */
export const rest = restArea({ routes: [registerSimulationRoutes] });
