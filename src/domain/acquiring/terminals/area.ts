import { defineArea } from '../../../platform/areas';
import { terminalPayload } from './events';

/** What the terminals area of acquiring gives the registry (src/domain/areas.ts): the views its events store. */
export const area = defineArea({ payloads: [terminalPayload] });
