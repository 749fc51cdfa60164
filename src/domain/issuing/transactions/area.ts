import { defineArea } from '../../../platform/areas';
import { cardTransactionPayload } from './events';

/** What the transactions area of issuing gives the registry (src/domain/areas.ts): the views its events store. */
export const area = defineArea({ payloads: [cardTransactionPayload] });
