import { restArea } from '../../area';
import { registerFilesRoutes } from './routes';

/** The files area's REST door: its routes. */
export const rest = restArea({ routes: [registerFilesRoutes] });
