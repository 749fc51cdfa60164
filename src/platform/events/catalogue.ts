/**
 * The catalogue of events payrail writes to the outbox, each with its envelope's event_type. Each
 * area declares its own in its `event-names.ts` (`defineEvents`), which its events module loads,
 * so a name is known here before the area writes it; the registry gathers them all
 * (src/domain/event-names.ts). Names read `<object>.<action>.<outcome>` (the provider's
 * `card.create.succeeded`); virtual accounts use the three names the official client documents for
 * them, exactly. event_type values are the official client's list (`WebhookEventType`);
 * `recordEvent` takes a declared name and derives the type, so an event can neither be misspelled
 * nor filed under the wrong type.
 */

/** The envelope's event_type: the official client's list (catalogue section 5). */
export type EventType = 'ISSUING' | 'ACQUIRING' | 'DEPOSIT' | 'PAYOUT' | 'BENEFICIARY' | 'CONVERSION' | 'VIRTUAL' | 'RFI' | 'ONBOARDING';

/** The names the areas declare: each adds its own by declaration merging (`NamesOf<typeof events>`). */
// eslint-disable-next-line @typescript-eslint/no-empty-interface
export interface EventCatalogue {}

export type EventName = keyof EventCatalogue & string;

/** An area's declared events as `EventCatalogue` takes them. */
export type NamesOf<E> = { readonly [N in keyof E]: true };

const declared = new Map<string, EventType>();

/** Declares an area's events with their types; a name declared twice with two types throws. */
export function defineEvents<const E extends Record<string, EventType>>(events: E): E {
  for (const [name, type] of Object.entries(events)) {
    const before = declared.get(name);
    if (before !== undefined && before !== type) throw new Error(`event ${name} is declared as ${before} and as ${type}`);
    declared.set(name, type);
  }
  return events;
}

export function eventTypeOf(name: EventName): EventType {
  const type = declared.get(name);
  // An area's events module loads its event-names.ts: a name not here was never declared.
  if (type === undefined) throw new Error(`event ${name} is declared by no area loaded (its event-names.ts)`);
  return type;
}

/** The events declared so far: every area's once the registry (src/domain/areas.ts) is loaded. */
export const declaredEvents = (): ReadonlyMap<string, EventType> => declared;
