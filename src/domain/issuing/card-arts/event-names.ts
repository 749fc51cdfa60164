import { defineEvents, type NamesOf } from '../../../platform/events/catalogue';

/**
 * The events the card-arts area writes, each with its envelope's event_type (the official client's
 * list). The registry gathers every area's (src/domain/event-names.ts); the platform's
 * `EventName` takes the same names by declaration merging.
 */
export const events = defineEvents({
  /** setDefaultArt: the acting account's new cards get another art. */
  'card_art.set_default.succeeded': 'ISSUING',
});

declare module '../../../platform/events/catalogue' {
  interface EventCatalogue extends NamesOf<typeof events> {}
}
