import { defineEvents, type NamesOf } from '../../../platform/events/catalogue';

/**
 * The events the payments area writes, each with its envelope's event_type (the official client's
 * list). The registry gathers every area's (src/domain/event-names.ts); the platform's
 * `EventName` takes the same names by declaration merging.
 */
export const events = defineEvents({
  /** PA1: created, REQUIRES_PAYMENT_METHOD. */
  'payment_intent.create.succeeded': 'ACQUIRING',
  /** PA3 changed it. */
  'payment_intent.update.succeeded': 'ACQUIRING',
  /** PA4: the card was authorized (REQUIRES_CAPTURE, or SUCCEEDED with auto capture). */
  'payment_intent.confirm.succeeded': 'ACQUIRING',
  /** PA4: the card was declined (REQUIRES_PAYMENT_METHOD again, or FAILED on a hard decline). */
  'payment_intent.confirm.failed': 'ACQUIRING',
  /** PA4: 3-D Secure asks for a challenge (REQUIRES_CUSTOMER_ACTION). */
  'payment_intent.authenticate.pending': 'ACQUIRING',
  /** The challenge was completed on the 3-D Secure page. */
  'payment_intent.authenticate.succeeded': 'ACQUIRING',
  /** The challenge failed on the 3-D Secure page (REQUIRES_PAYMENT_METHOD again). */
  'payment_intent.authenticate.failed': 'ACQUIRING',
  /** A capture the network answers later: PENDING (nothing posted yet). */
  'payment_intent.capture.pending': 'ACQUIRING',
  /** PA5, the capture of an auto-capture confirm, or the network's answer to a pending one: SUCCEEDED, captured amount posted. */
  'payment_intent.capture.succeeded': 'ACQUIRING',
  /** PA6, or the release of an authorization left uncaptured for 7 days: CANCELLED. */
  'payment_intent.cancel.succeeded': 'ACQUIRING',
});

declare module '../../../platform/events/catalogue' {
  interface EventCatalogue extends NamesOf<typeof events> {}
}
