import { defineEvents, type NamesOf } from '../../../platform/events/catalogue';

/**
 * The events the payouts area writes, each with its envelope's event_type (the official client's
 * list). The registry gathers every area's (src/domain/event-names.ts); the platform's
 * `EventName` takes the same names by declaration merging.
 */
export const events = defineEvents({
  /** PO1 accepted the payout (READY_TO_SEND; amount and fee debited). */
  'payout.create.succeeded': 'PAYOUT',
  /** Submitted to the bank: PENDING. */
  'payout.submit.succeeded': 'PAYOUT',
  /** Refused before it left: REJECTED, amount and fee returned. */
  'payout.submit.failed': 'PAYOUT',
  /** The bank paid it: COMPLETED. */
  'payout.complete.succeeded': 'PAYOUT',
  /** The bank returned it: FAILED, amount returned. */
  'payout.complete.failed': 'PAYOUT',
});

declare module '../../../platform/events/catalogue' {
  interface EventCatalogue extends NamesOf<typeof events> {}
}
