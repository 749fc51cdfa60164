import { restArea } from '../../area';
import { toRestSettlementBatch } from './present';
import { registerSettlementsRoutes } from './routes';

/** The settlements area's REST door: its routes and how its events' views read on the wire. */
export const rest = restArea({ routes: [registerSettlementsRoutes], presenters: { settlement_batch: toRestSettlementBatch } });
