import { defineEvents, type NamesOf } from '../../../platform/events/catalogue';

/**
 * The events the settlements area writes, each with its envelope's event_type (the official client's
 * list). The registry gathers every area's (src/domain/event-names.ts); the platform's
 * `EventName` takes the same names by declaration merging.
 */
export const events = defineEvents({
  /** A daily cut settled a batch of captures (one event per batch), or a sandbox capture settled at once (one item). */
  'settlement.create.succeeded': 'ACQUIRING',
});

declare module '../../../platform/events/catalogue' {
  interface EventCatalogue extends NamesOf<typeof events> {}
}
