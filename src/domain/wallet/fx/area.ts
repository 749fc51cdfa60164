import { defineArea, type TablesOf } from '../../../platform/areas';
import { conversionPayload } from './events';

/** What the fx area of wallet gives the registry (src/domain/areas.ts): the views its events store, the tables its write sets insert into. */
export const area = defineArea({ payloads: [conversionPayload], tables: ['conversions'] });

declare module '../../../platform/writes/write-set' {
  interface AreaTables extends TablesOf<typeof area> {}
}
