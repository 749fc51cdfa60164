import { defineArea } from '../../../platform/areas';
import { cardOrderPayload } from './events';
// Its scheduled transitions register themselves with the scheduler when loaded.
import './lifecycle';

/** What the card-orders area of issuing gives the registry (src/domain/areas.ts): the views its events store and its lifecycle. */
export const area = defineArea({ payloads: [cardOrderPayload] });
