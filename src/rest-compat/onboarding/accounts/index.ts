import { restArea } from '../../area';
import { toRestAccount } from './present';
import { registerAccountRoutes } from './routes';

/** The accounts area's REST door: its routes and how its events' views read on the wire. */
export const rest = restArea({ routes: [registerAccountRoutes], presenters: { account: toRestAccount } });
