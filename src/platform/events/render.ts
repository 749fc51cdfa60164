/**
 * An outbox row's data as one door shows it. The domain stores what changed (facts.ts); the REST
 * door renders the webhook body from it at delivery. The composition root hands the renderer to
 * whatever reads the outbox for delivery (webhook dispatch, live events), so the domain never
 * imports a door.
 */
export interface StoredEventData {
  eventName: string;
  /** 1: the REST body as sent; 2: StoredFacts (outbox.ts OUTBOX_DATA_VERSION). */
  dataVersion: number;
  data: unknown;
}

export type RenderEventData = (event: StoredEventData) => unknown;
