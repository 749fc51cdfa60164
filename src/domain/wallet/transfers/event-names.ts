import { defineEvents, type NamesOf } from '../../../platform/events/catalogue';

/**
 * The events the transfers area writes, each with its envelope's event_type (the official client's
 * list). The registry gathers every area's (src/domain/event-names.ts); the platform's
 * `EventName` takes the same names by declaration merging.
 */
export const events = defineEvents({
  /**
   * BT6: a transfer completes when it is made. The client's list has no TRANSFER type; a transfer is
   * money the account sends out of a wallet on its own instruction, as a payout is (DEPOSIT is money
   * arriving from outside payrail), so it is filed under PAYOUT.
   */
  'transfer.create.succeeded': 'PAYOUT',
});

declare module '../../../platform/events/catalogue' {
  interface EventCatalogue extends NamesOf<typeof events> {}
}
