import { defineEvents, type NamesOf } from '../../../platform/events/catalogue';

/**
 * The events the transactions area writes, each with its envelope's event_type (the official client's
 * list). The registry gathers every area's (src/domain/event-names.ts); the platform's
 * `EventName` takes the same names by declaration merging.
 */
export const events = defineEvents({
  /** SI2: an authorization was approved; its billing amount is held. */
  'card.authorization.approved': 'ISSUING',
  /** SI2: an authorization was declined (failure_reason says why); no money moved. */
  'card.authorization.declined': 'ISSUING',
  /** SI3: a hold was released, in full or in part. */
  'card.reversal.succeeded': 'ISSUING',
  /** An authorization was cleared (captured), for its amount or another. */
  'card.clearing.succeeded': 'ISSUING',
  /** A merchant's refund came back to the card. */
  'card.refund.succeeded': 'ISSUING',
  /** A refund nobody asked for reached a card; it is held (PENDING) until the account claims it. */
  'card.unsolicited_refund.pending': 'ISSUING',
  /** The account claimed an unsolicited refund: it is APPROVED and credited. */
  'card.unsolicited_refund.succeeded': 'ISSUING',
});

declare module '../../../platform/events/catalogue' {
  interface EventCatalogue extends NamesOf<typeof events> {}
}
