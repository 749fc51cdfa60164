import { defineEvents, type NamesOf } from '../../../platform/events/catalogue';

/**
 * The events the deposits area writes, each with its envelope's event_type (the official client's
 * list). The registry gathers every area's (src/domain/event-names.ts); the platform's
 * `EventName` takes the same names by declaration merging.
 */
export const events = defineEvents({
  /** SI1 accepted the deposit. */
  'deposit.create.succeeded': 'DEPOSIT',
  /** The deposit is COMPLETED and its amount credited to the wallet. */
  'deposit.complete.succeeded': 'DEPOSIT',
  /** The deposit is FAILED (the sandbox test value); nothing was credited. */
  'deposit.complete.failed': 'DEPOSIT',
});

declare module '../../../platform/events/catalogue' {
  interface EventCatalogue extends NamesOf<typeof events> {}
}
