import { defineEvents, type NamesOf } from '../../../platform/events/catalogue';

/**
 * The events the cards area writes, each with its envelope's event_type (the official client's
 * list). The registry gathers every area's (src/domain/event-names.ts); the platform's
 * `EventName` takes the same names by declaration merging.
 */
export const events = defineEvents({
  /** CI1's card order moved to PROCESSING. */
  'card.create.processing': 'ISSUING',
  /** CI1's card order succeeded: the card is ACTIVE. */
  'card.create.succeeded': 'ISSUING',
  /** CI5 (freeze, unfreeze, cancel) or the expiry_at cancel changed card_status. */
  'card.status.updated': 'ISSUING',
  /** CI4 changed a card's limit, no-PIN amount, controls or metadata. */
  'card.update.succeeded': 'ISSUING',
  /** enrollNetworkProtection: the network answers authorizations of the card with the action code. */
  'card.network_protection.enrolled': 'ISSUING',
  /** removeNetworkProtection: the network passes the card's authorizations to the issuer again. */
  'card.network_protection.removed': 'ISSUING',
});

declare module '../../../platform/events/catalogue' {
  interface EventCatalogue extends NamesOf<typeof events> {}
}
