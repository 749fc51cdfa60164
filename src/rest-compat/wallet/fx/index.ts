import { restArea } from '../../area';
import { fxEnvelopes } from './errors';
import { toRestConversion } from './present';
import { registerFxRoutes } from './routes';

/** The fx area's REST door: its routes and how its events' views read on the wire. */
export const rest = restArea({ envelopes: fxEnvelopes, routes: [registerFxRoutes], presenters: { conversion: toRestConversion } });
