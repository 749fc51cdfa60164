import { defineEvents, type NamesOf } from '../../../platform/events/catalogue';

/**
 * The events the reports area writes, each with its envelope's event_type (the official client's
 * list). The registry gathers every area's (src/domain/event-names.ts); the platform's
 * `EventName` takes the same names by declaration merging.
 */
export const events = defineEvents({
  /** CI26 generated a report; its CSV is ready to download (CI27). */
  'issuing_report.create.succeeded': 'ISSUING',
});

declare module '../../../platform/events/catalogue' {
  interface EventCatalogue extends NamesOf<typeof events> {}
}
