import { defineArea } from '../../../platform/areas';
import { refundPayload } from './events';
// Its scheduled transitions register themselves with the scheduler when loaded.
import './lifecycle';

/** What the refunds area of acquiring gives the registry (src/domain/areas.ts): the views its events store and its lifecycle. */
export const area = defineArea({ payloads: [refundPayload] });
