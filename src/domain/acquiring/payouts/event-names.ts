import { defineEvents, type NamesOf } from '../../../platform/events/catalogue';

/**
 * The events the payouts area writes, each with its envelope's event_type (the official client's
 * list). The registry gathers every area's (src/domain/event-names.ts); the platform's
 * `EventName` takes the same names by declaration merging.
 */
export const events = defineEvents({
  /** PA16 accepted the payment payout (INITIATED; the amount left the available payment balance). */
  'payment_payout.create.succeeded': 'ACQUIRING',
  /** Sent to the bank (or the internal account): PROCESSING. */
  'payment_payout.submit.succeeded': 'ACQUIRING',
  /** Arrived: SUCCEEDED. */
  'payment_payout.complete.succeeded': 'ACQUIRING',
  /** Returned: FAILED, the amount back in the available payment balance. */
  'payment_payout.complete.failed': 'ACQUIRING',
});

declare module '../../../platform/events/catalogue' {
  interface EventCatalogue extends NamesOf<typeof events> {}
}
