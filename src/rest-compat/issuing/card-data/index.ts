import { restArea } from '../../area';
import { cardDataEnvelopes } from './errors';

/**
 * The card data area has no routes: its faults are raised on the cards' and secure details' routes.
 * Its door is its envelope table, which the registry loads as every area's.
 */
export const rest = restArea({ envelopes: cardDataEnvelopes });
