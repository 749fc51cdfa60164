import { defineEvents, type NamesOf } from '../../../platform/events/catalogue';

/**
 * The events the fx area writes, each with its envelope's event_type (the official client's
 * list). The registry gathers every area's (src/domain/event-names.ts); the platform's
 * `EventName` takes the same names by declaration merging.
 */
export const events = defineEvents({
  /** BT9: a conversion completes when it is made. */
  'conversion.create.succeeded': 'CONVERSION',
});

declare module '../../../platform/events/catalogue' {
  interface EventCatalogue extends NamesOf<typeof events> {}
}
