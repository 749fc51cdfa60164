import { defineEvents, type NamesOf } from '../../../platform/events/catalogue';

/**
 * The events the accounts area writes, each with its envelope's event_type (the official client's
 * list). The registry gathers every area's (src/domain/event-names.ts); the platform's
 * `EventName` takes the same names by declaration merging.
 */
export const events = defineEvents({
  /** Created and under review (PENDING). */
  'account.verification.pending': 'ONBOARDING',
  'account.verification.approved': 'ONBOARDING',
  'account.verification.rejected': 'ONBOARDING',
  /** RETURN: documents must be uploaded again. */
  'account.verification.returned': 'ONBOARDING',
  'account.verification.expired': 'ONBOARDING',
});

declare module '../../../platform/events/catalogue' {
  interface EventCatalogue extends NamesOf<typeof events> {}
}
