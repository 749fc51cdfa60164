import { restArea } from '../../area';
import { cardArtEnvelopes } from './errors';
import { toRestDefaultCardArt } from './present';
import { registerCardArtRoutes } from './routes';

/** The card-arts area's REST door: its routes and how its events' views read on the wire. */
export const rest = restArea({ envelopes: cardArtEnvelopes, routes: [registerCardArtRoutes], presenters: { default_card_art: toRestDefaultCardArt } });
