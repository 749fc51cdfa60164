import { restArea } from '../../area';
import { fileEnvelopes } from './errors';
import { registerFilesRoutes } from './routes';

/** The files area's REST door: its routes. */
export const rest = restArea({ envelopes: fileEnvelopes, routes: [registerFilesRoutes] });
