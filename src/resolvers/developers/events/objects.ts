import { createUnionType, type ClassType } from 'type-graphql';
import type { EventFacts } from '../../../domain/event-payloads';
import { EVENT_OBJECTS } from '../../areas';
import type { ObjectOf } from '../../area';

/** The GraphQL type of each object made here (mapped objects are plain: the union asks this). */
const typeOf = new WeakMap<object, ClassType>();

/** Read when the schema is built: the areas' list is complete by then. */
const members = () => [...new Set(Object.values(EVENT_OBJECTS).map((o: ObjectOf<never>) => o.type))] as [ClassType, ...ClassType[]];

/**
 * Every object type an event can be about. A union until the schema has a `Node` interface: then
 * `Event.subject` becomes `Node` (each member here is one) and this union goes.
 */
export const EventSubject = createUnionType({
  name: 'EventSubject',
  description: 'The object an event is about, as the queries for it answer (its state when the event was written)',
  types: members,
  resolveType: (value) => typeOf.get(value as object),
});

/** A revived event's view as its GraphQL object. */
export function toGraphQLEventSubject(facts: EventFacts): object {
  const entry = EVENT_OBJECTS[facts.kind] as ObjectOf<EventFacts['view']>;
  const object = entry.map(facts.view);
  typeOf.set(object, entry.type);
  return object;
}
