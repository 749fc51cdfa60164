import { defineArea, type TablesOf } from '../../../platform/areas';
import { issuingTransferPayload } from './events';

/** What the transfers area of issuing gives the registry (src/domain/areas.ts): the views its events store, the tables its write sets insert into. */
export const area = defineArea({ payloads: [issuingTransferPayload], tables: ['issuing_transfers'] });

declare module '../../../platform/writes/write-set' {
  interface AreaTables extends TablesOf<typeof area> {}
}
