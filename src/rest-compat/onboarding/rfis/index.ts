import { restArea, EVENT_ORIGIN } from '../../area';
import { rfiEnvelopes } from './errors';
import type { RfiView } from '../../../domain/onboarding/rfis/view';
import { toRestRfi } from './present';
import { registerRfiRoutes } from './routes';

/** The rfis area's REST door: its routes and how its events' views read on the wire. */
export const rest = restArea({ envelopes: rfiEnvelopes, routes: [registerRfiRoutes], presenters: { rfi: (v: RfiView) => toRestRfi(v, EVENT_ORIGIN) } });
