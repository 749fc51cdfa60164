import { defineArea } from '../../../platform/areas';
import { issuingTransferPayload } from './events';

/** What the transfers area of issuing gives the registry (src/domain/areas.ts): the views its events store. */
export const area = defineArea({ payloads: [issuingTransferPayload] });
