import { restArea } from '../../area';
import { terminalEnvelopes } from './errors';
import { toRestTerminal } from './present';
import { registerTerminalRoutes } from './routes';

/** The terminals area's REST door: its routes and how its events' views read on the wire. */
export const rest = restArea({ envelopes: terminalEnvelopes, routes: [registerTerminalRoutes], presenters: { terminal: toRestTerminal } });
