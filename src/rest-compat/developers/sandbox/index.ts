import { restArea } from '../../area';
import { sandboxEnvelopes } from './errors';
import { registerSimulationRoutes } from './routes';

/** The sandbox area's REST door: its routes. */
export const rest = restArea({ envelopes: sandboxEnvelopes, routes: [registerSimulationRoutes] });
