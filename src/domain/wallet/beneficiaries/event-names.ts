import { defineEvents, type NamesOf } from '../../../platform/events/catalogue';

/**
 * The events the beneficiaries area writes, each with its envelope's event_type (the official client's
 * list). The registry gathers every area's (src/domain/event-names.ts); the platform's
 * `EventName` takes the same names by declaration merging.
 */
export const events = defineEvents({
  'beneficiary.create.succeeded': 'BENEFICIARY',
  'beneficiary.update.succeeded': 'BENEFICIARY',
  'beneficiary.delete.succeeded': 'BENEFICIARY',
});

declare module '../../../platform/events/catalogue' {
  interface EventCatalogue extends NamesOf<typeof events> {}
}
