import { defineArea } from '../../../platform/areas';
import { beneficiaryPayload } from './events';

/** What the beneficiaries area of wallet gives the registry (src/domain/areas.ts): the views its events store. */
export const area = defineArea({ payloads: [beneficiaryPayload] });
