import { defineArea } from '../../../platform/areas';
import { transferPayload } from './events';

/** What the transfers area of wallet gives the registry (src/domain/areas.ts): the views its events store. */
export const area = defineArea({ payloads: [transferPayload] });
