import { defineArea } from '../../../platform/areas';
import { issuingReportPayload } from './events';

/** What the reports area of issuing gives the registry (src/domain/areas.ts): the views its events store. */
export const area = defineArea({ payloads: [issuingReportPayload] });
