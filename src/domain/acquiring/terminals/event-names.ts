import { defineEvents, type NamesOf } from '../../../platform/events/catalogue';

/**
 * The events the terminals area writes, each with its envelope's event_type (the official client's
 * list). The registry gathers every area's (src/domain/event-names.ts); the platform's
 * `EventName` takes the same names by declaration merging.
 */
export const events = defineEvents({
  /** A POS terminal was registered and given its terminal_id. */
  'terminal.register.succeeded': 'ACQUIRING',
  /** A new PIN key was issued to the terminal (the payload says when it expires, never the key). */
  'terminal.pin_key_issue.succeeded': 'ACQUIRING',
});

declare module '../../../platform/events/catalogue' {
  interface EventCatalogue extends NamesOf<typeof events> {}
}
