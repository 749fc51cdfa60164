import { restArea } from '../../area';
import { issuingReportEnvelopes } from './errors';
import { toRestIssuingReportEvent } from './present';
import { registerIssuingReportRoutes } from './routes';

/** The reports area's REST door: its routes and how its events' views read on the wire. */
export const rest = restArea({ envelopes: issuingReportEnvelopes, routes: [registerIssuingReportRoutes], presenters: { issuing_report: toRestIssuingReportEvent } });
