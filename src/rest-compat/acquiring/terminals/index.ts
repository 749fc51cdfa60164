import { restArea } from '../../area';
import { toRestTerminal } from './present';
import { registerTerminalRoutes } from './routes';

/** The terminals area's REST door: its routes and how its events' views read on the wire. */
export const rest = restArea({ routes: [registerTerminalRoutes], presenters: { terminal: toRestTerminal } });
