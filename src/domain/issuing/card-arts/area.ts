import { defineArea } from '../../../platform/areas';
import { defaultCardArtPayload } from './events';

/** What the card-arts area of issuing gives the registry (src/domain/areas.ts): the views its events store. */
export const area = defineArea({ payloads: [defaultCardArtPayload] });
