import { defineEvents, type NamesOf } from '../../../platform/events/catalogue';

/**
 * The events the bank-accounts area writes, each with its envelope's event_type (the official client's
 * list). The registry gathers every area's (src/domain/event-names.ts); the platform's
 * `EventName` takes the same names by declaration merging.
 */
export const events = defineEvents({
  /** BA1 registered a settlement bank account. */
  'bank_account.create.succeeded': 'ACQUIRING',
  /** BA4 changed one (its account_status may change with it). */
  'bank_account.update.succeeded': 'ACQUIRING',
});

declare module '../../../platform/events/catalogue' {
  interface EventCatalogue extends NamesOf<typeof events> {}
}
