import { defineArea } from '../../../platform/areas';
import { bankAccountPayload } from './events';

/** What the bank-accounts area of acquiring gives the registry (src/domain/areas.ts): the views its events store. */
export const area = defineArea({ payloads: [bankAccountPayload] });
