import { reviveEventFacts, type EventFacts } from '../../../domain/event-payloads';
import type { RenderEventData, StoredEventData } from '../../../platform/events/render';
import { jsonbOrdered } from './jsonb-order';
import { EVENT_PRESENTERS } from '../../areas';

/** A revived view in its REST wire form (one call for every kind: the table is keyed by kind). */
const present = (facts: EventFacts): unknown => (EVENT_PRESENTERS[facts.kind] as (view: EventFacts['view']) => unknown)(facts.view);

/**
 * A webhook delivery's `data`, rendered at delivery from what the outbox stored. A row of version 1
 * holds the body as it was sent and is sent verbatim. A row of version 2 holds a view: it is revived,
 * presented by its kind's REST presenter, and ordered as jsonb orders it, which is the body version 1
 * rows carried (they were read back from jsonb), byte for byte.
 */
export const renderEventData: RenderEventData = (event: StoredEventData): unknown => {
  if (event.dataVersion === 1) return event.data;
  if (event.dataVersion !== 2) throw new Error(`outbox data version ${event.dataVersion} of ${event.eventName} is unknown`);
  return jsonbOrdered(present(reviveEventFacts(event.data)));
};
