import { defineEvents, type NamesOf } from '../../../platform/events/catalogue';

/**
 * The events the transfers area writes, each with its envelope's event_type (the official client's
 * list). The registry gathers every area's (src/domain/event-names.ts); the platform's
 * `EventName` takes the same names by declaration merging.
 */
export const events = defineEvents({
  /** payrail's funding extension moved money from the wallet to the issuing balance. */
  'issuing_balance.transfer_in.succeeded': 'ISSUING',
  /** payrail's funding extension moved money from the issuing balance back to the wallet. */
  'issuing_balance.transfer_out.succeeded': 'ISSUING',
  /** A sandbox master's issuing balance received its test funds (issuing-transfers/sandbox-funds.ts). */
  'issuing_balance.test_funds.succeeded': 'ISSUING',
  /** CI24 moved money between two issuing balances of one tree. */
  'issuing_transfer.create.succeeded': 'ISSUING',
});

declare module '../../../platform/events/catalogue' {
  interface EventCatalogue extends NamesOf<typeof events> {}
}
