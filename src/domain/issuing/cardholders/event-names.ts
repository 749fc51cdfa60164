import { defineEvents, type NamesOf } from '../../../platform/events/catalogue';

/**
 * The events the cardholders area writes, each with its envelope's event_type (the official client's
 * list). The registry gathers every area's (src/domain/event-names.ts); the platform's
 * `EventName` takes the same names by declaration merging.
 */
export const events = defineEvents({
  /** CI14 created a cardholder. */
  'cardholder.create.succeeded': 'ISSUING',
  /** CI17 changed a cardholder: the official client's name for it. */
  'cardholder.updated': 'ISSUING',
  /** cardholder_status or idv_status changed (a simulated check started or completed): the official client's name. */
  'cardholder.kyc.status_changed': 'ISSUING',
});

declare module '../../../platform/events/catalogue' {
  interface EventCatalogue extends NamesOf<typeof events> {}
}
