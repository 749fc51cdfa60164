import type { EventPayload, StoredFacts } from '../platform/events/facts';
import { EVENT_PAYLOADS } from './areas';

// Every kind of view the outbox stores, by the kind it is stored under: the registry gathers them from
// the areas (src/domain/areas.ts). Each door keeps a table of the same keys (how it renders each
// kind), and the compiler refuses a door that misses one.
export { EVENT_PAYLOADS };

export type PayloadKind = keyof typeof EVENT_PAYLOADS;
// Each entry is filed under its own kind: a payload stored as one kind is revived as that kind.
const filedUnderItsKind: { [K in PayloadKind]: EventPayload<K, unknown> } = EVENT_PAYLOADS;
void filedUnderItsKind;

export type PayloadView<K extends PayloadKind> = (typeof EVENT_PAYLOADS)[K] extends EventPayload<K, infer V> ? V : never;

/** A stored event's view, revived, with its kind: what a door renders. */
export type EventFacts = { [K in PayloadKind]: { kind: K; view: PayloadView<K> } }[PayloadKind];

const isKind = (k: unknown): k is PayloadKind => typeof k === 'string' && Object.hasOwn(EVENT_PAYLOADS, k);

/** The view a version-2 row's data holds. Throws on data no payload wrote (a row is never guessed at). */
export function reviveEventFacts(data: unknown): EventFacts {
  const facts = data as Partial<StoredFacts> | null;
  if (facts === null || typeof facts !== 'object' || !isKind(facts.kind) || !('view' in facts)) throw new Error('outbox data is no stored view');
  const payload = EVENT_PAYLOADS[facts.kind] as EventPayload<PayloadKind, unknown>;
  return { kind: facts.kind, view: payload.revive(facts.view) } as EventFacts;
}
