import { createUnionType, type ClassType } from 'type-graphql';
import type { EventFacts } from '../../../domain/event-payloads';
import { EVENT_OBJECTS } from '../../areas';
import type { ObjectOf } from '../../area';

/** The GraphQL type of each object made here (mapped objects are plain: the union asks this). */
const typeOf = new WeakMap<object, ClassType>();

/** Read when the schema is built: the areas' list is complete by then. */
const members = () => [...new Set(Object.values(EVENT_OBJECTS).map((o: ObjectOf<never>) => o.type))] as [ClassType, ...ClassType[]];

export const EventObject = createUnionType({
  name: 'EventObject',
  description: 'The object an event is about, as the queries return it',
  types: members,
  resolveType: (value) => typeOf.get(value as object),
});

/** A revived event's view as its GraphQL object. */
export function toGraphQLEventObject(facts: EventFacts): object {
  const entry = EVENT_OBJECTS[facts.kind] as ObjectOf<EventFacts['view']>;
  const object = entry.map(facts.view);
  typeOf.set(object, entry.type);
  return object;
}
