import { defineEvents, type NamesOf } from '../../../platform/events/catalogue';

/**
 * The events the card-orders area writes, each with its envelope's event_type (the official client's
 * list). The registry gathers every area's (src/domain/event-names.ts); the platform's
 * `EventName` takes the same names by declaration merging.
 */
export const events = defineEvents({
  /** CI8 moved money from the issuing balance onto a SINGLE card. */
  'card.recharge.succeeded': 'ISSUING',
  /** CI9 moved money from a SINGLE card back to the issuing balance. */
  'card.withdraw.succeeded': 'ISSUING',
  /** managePin set or changed a physical card's PIN (the data is the order; never the PIN). */
  'card.manage_pin.succeeded': 'ISSUING',
  /** elevateLimit was accepted: the order is PENDING until the simulated issuer applies it. */
  'card.elevate_limit.pending': 'ISSUING',
  /** The elevated limit is in force (SUCCESS). */
  'card.elevate_limit.succeeded': 'ISSUING',
  /** The simulated issuer refused it: the card was cancelled, or its limit reached the amount meanwhile. */
  'card.elevate_limit.failed': 'ISSUING',
  /** The elevation's days ran out: the card's limit is back to what it was. */
  'card.elevate_limit.expired': 'ISSUING',
});

declare module '../../../platform/events/catalogue' {
  interface EventCatalogue extends NamesOf<typeof events> {}
}
