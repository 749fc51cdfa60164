import { defineArea } from '../../../platform/areas';
import { conversionPayload } from './events';

/** What the fx area of wallet gives the registry (src/domain/areas.ts): the views its events store. */
export const area = defineArea({ payloads: [conversionPayload] });
