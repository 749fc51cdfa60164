import { defineEvents, type NamesOf } from '../../../platform/events/catalogue';

/**
 * The events the webhooks area writes, each with its envelope's event_type (the official client's
 * list). The registry gathers every area's (src/domain/event-names.ts); the platform's
 * `EventName` takes the same names by declaration merging.
 */
export const events = defineEvents({
  /**
   * The endpoint was DISABLED after too many FAILED deliveries in a row. The client's list has no
   * webhook type; ONBOARDING is the type of the account's own set-up (its verification), which an
   * endpoint is part of (docs/decisions/developers/webhooks.md).
   */
  'webhook_endpoint.disable.succeeded': 'ONBOARDING',
});

declare module '../../../platform/events/catalogue' {
  interface EventCatalogue extends NamesOf<typeof events> {}
}
