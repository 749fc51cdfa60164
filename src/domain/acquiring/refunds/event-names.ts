import { defineEvents, type NamesOf } from '../../../platform/events/catalogue';

/**
 * The events the refunds area writes, each with its envelope's event_type (the official client's
 * list). The registry gathers every area's (src/domain/event-names.ts); the platform's
 * `EventName` takes the same names by declaration merging.
 */
export const events = defineEvents({
  /** PA8 accepted the refund (INITIATED; amount taken from the payment balance). */
  'refund.create.succeeded': 'ACQUIRING',
  /** Sent to the card network: PROCESSING. */
  'refund.process.succeeded': 'ACQUIRING',
  /** Back on the card: SUCCEEDED. */
  'refund.complete.succeeded': 'ACQUIRING',
  /** The network refused it: FAILED, amount returned to the payment balance. */
  'refund.complete.failed': 'ACQUIRING',
});

declare module '../../../platform/events/catalogue' {
  interface EventCatalogue extends NamesOf<typeof events> {}
}
