import { defineEvents, type NamesOf } from '../../../platform/events/catalogue';

/**
 * The events the virtual-accounts area writes, each with its envelope's event_type (the official client's
 * list). The registry gathers every area's (src/domain/event-names.ts); the platform's
 * `EventName` takes the same names by declaration merging.
 */
export const events = defineEvents({
  /** Opened (PENDING). */
  'virtual.account.create': 'VIRTUAL',
  /** Changed state other than closing (PENDING -> ACTIVE). */
  'virtual.account.update': 'VIRTUAL',
  'virtual.account.closed': 'VIRTUAL',
});

declare module '../../../platform/events/catalogue' {
  interface EventCatalogue extends NamesOf<typeof events> {}
}
