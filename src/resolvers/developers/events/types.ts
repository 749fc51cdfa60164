import { GraphQLDateTime, GraphQLJSON } from 'graphql-scalars';
import { Field, ID, ObjectType, registerEnumType } from 'type-graphql';
import { reviveEventFacts } from '../../../domain/event-payloads';
import type { EventType } from '../../../platform/events/catalogue';
import type { RenderEventData } from '../../../platform/events/render';
import type { TailedEvent } from '../../../platform/events/tail';
import { enumOf } from '../../shared/enums';
import { EventObject, toGraphQLEventObject } from './objects';

/** The envelope's event_type values (the official client's WebhookEventType), in the catalogue's order. */
const EVENT_TYPES = ['ISSUING', 'ACQUIRING', 'DEPOSIT', 'PAYOUT', 'BENEFICIARY', 'CONVERSION', 'VIRTUAL', 'RFI', 'ONBOARDING'] as const satisfies readonly EventType[];
// Compile-time check that the list above names every EventType: a new type must be added here.
const everyTypeListed: Exclude<EventType, (typeof EVENT_TYPES)[number]> extends never ? true : never = true;
void everyTypeListed;

export const EventTypeEnum = enumOf(EVENT_TYPES);
registerEnumType(EventTypeEnum, { name: 'EventType', description: "An event's envelope event_type (the webhook delivery's event_type)" });

@ObjectType({ description: 'One outbox event, as a webhook delivery carries it (docs/live-events.md)' })
export class LiveEvent {
  @Field(() => ID, { description: 'The event_id a webhook delivery of it carries' }) eventId!: string;
  @Field(() => EventTypeEnum) eventType!: EventType;
  @Field(() => String, { description: 'The catalogue name, e.g. payout.create.succeeded' }) eventName!: string;
  @Field(() => ID, { description: 'The id of the object the event is about' }) sourceId!: string;
  @Field(() => ID, { description: 'The account the event belongs to (a sub-account of a master watching for itself)' }) accountId!: string;
  @Field(() => GraphQLDateTime) createdAt!: string;
  @Field(() => EventObject, {
    nullable: true,
    description: 'The object the event is about, typed, as the queries return it; null for an event stored before events kept their objects',
  })
  object!: object | null;
  @Field(() => GraphQLJSON, {
    description: "The webhook delivery's data, byte for byte (the REST door's snake_case object): what `payrail listen` forwards. Typed clients read `object`",
  })
  data!: unknown;
}

/**
 * `object` and `data` are getters: each is rendered only when a subscriber's document selects it,
 * and `data` by the renderer the composition root gave (resolvers import no other door).
 */
export const toGraphQLLiveEvent = (e: TailedEvent, renderEventData: RenderEventData): LiveEvent => ({
  eventId: e.id,
  eventType: e.eventType,
  eventName: e.eventName,
  sourceId: e.sourceId,
  accountId: e.accountId,
  createdAt: e.createdAt.toISOString(),
  get object() {
    return e.dataVersion === 1 ? null : toGraphQLEventObject(reviveEventFacts(e.data));
  },
  get data() {
    return renderEventData({ eventName: e.eventName, dataVersion: e.dataVersion, data: e.data });
  },
});
