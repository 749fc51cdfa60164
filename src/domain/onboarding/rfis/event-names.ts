import { defineEvents, type NamesOf } from '../../../platform/events/catalogue';

/**
 * The events the rfis area writes, each with its envelope's event_type (the official client's
 * list). The registry gathers every area's (src/domain/event-names.ts); the platform's
 * `EventName` takes the same names by declaration merging.
 */
export const events = defineEvents({
  /** Asked: ACTION_REQUIRED. */
  'rfi.create.succeeded': 'RFI',
  /** Answered: SUBMITTED_PENDING. */
  'rfi.answer.succeeded': 'RFI',
  /** The answers were accepted: APPROVED. */
  'rfi.review.succeeded': 'RFI',
  /** The answers were rejected: REJECTED. */
  'rfi.review.failed': 'RFI',
});

declare module '../../../platform/events/catalogue' {
  interface EventCatalogue extends NamesOf<typeof events> {}
}
