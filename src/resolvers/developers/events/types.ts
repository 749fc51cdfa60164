import { GraphQLDateTime, GraphQLJSON } from 'graphql-scalars';
import { Field, ID, InputType, ObjectType, registerEnumType } from 'type-graphql';
import { reviveEventFacts } from '../../../domain/event-payloads';
import type { EventType } from '../../../platform/events/catalogue';
import { eventOrder, keyOfPosition } from '../../../platform/events/history';
import type { RenderEventData } from '../../../platform/events/render';
import type { TailedEvent } from '../../../platform/events/tail';
import { encodeCursor } from '../../../platform/pagination/cursor';
import { Connection } from '../../shared/connection';
import { enumOf } from '../../shared/enums';
import { EventSubject, toGraphQLEventSubject } from './objects';

/** The envelope's event_type values (the official client's WebhookEventType), in the catalogue's order. */
const EVENT_TYPES = ['ISSUING', 'ACQUIRING', 'DEPOSIT', 'PAYOUT', 'BENEFICIARY', 'CONVERSION', 'VIRTUAL', 'RFI', 'ONBOARDING'] as const satisfies readonly EventType[];
// Compile-time check that the list above names every EventType: a new type must be added here.
const everyTypeListed: Exclude<EventType, (typeof EVENT_TYPES)[number]> extends never ? true : never = true;
void everyTypeListed;

export const EventTypeEnum = enumOf(EVENT_TYPES);
registerEnumType(EventTypeEnum, { name: 'EventType', description: "The group a webhook delivery files an event under (its envelope's event_type)" });

@ObjectType({ description: 'Something that happened to an object of an account, as the outbox recorded it when it committed (docs/graphql.md, "Events")' })
export class Event {
  @Field(() => ID, { description: 'The event id (the event_id a webhook delivery of it carries)' }) id!: string;
  @Field(() => String, { description: 'What happened: the event name, `<object>.<action>.<outcome>` (payout.create.succeeded)' }) type!: string;
  @Field(() => GraphQLDateTime, { description: 'When it happened (the account\'s clock: a sandbox\'s test clock when one is set)' }) createdAt!: Date;
  @Field(() => ID, { description: 'The id of the object it happened to' }) objectId!: string;
  @Field(() => ID, { description: 'The account it belongs to (a sub-account\'s, in a master\'s view of its tree)' }) accountId!: string;
  @Field(() => String, {
    description: 'Where the event sits in the outbox: resume the events subscription with it as `after`, or page the events list from it',
  })
  cursor!: string;
  @Field(() => EventSubject, {
    nullable: true,
    description: 'The object it happened to, typed, as the queries for that object answer, in its state when the event was written; null for events older than stored objects',
  })
  subject!: object | null;
  @Field(() => EventTypeEnum, { description: "The group a webhook delivery of it is filed under (its envelope's event_type)" }) webhookEventType!: EventType;
  @Field(() => GraphQLJSON, {
    nullable: true,
    description: "The data a webhook delivery of it carries, byte for byte (REST's snake_case object): for forwarding it to a webhook receiver, as `payrail listen` does. Typed clients read `subject`",
  })
  webhookData!: unknown;
}

export const EventConnection = Connection(Event, 'Event');

@InputType({ description: 'Which events: every member narrows, an absent one does not' })
export class EventFilter {
  @Field(() => [String], { nullable: true, description: 'Only events with these names (payout.create.succeeded, …); every name must be one payrail writes' })
  types?: string[];

  @Field(() => ID, { nullable: true, description: 'Only events about this object' })
  objectId?: string;

  @Field(() => GraphQLDateTime, { nullable: true, description: 'Only events created strictly after this time' })
  createdAfter?: Date;

  @Field(() => GraphQLDateTime, { nullable: true, description: 'Only events created strictly before this time' })
  createdBefore?: Date;
}

/** An event's place in the outbox as a cursor of the events list (the same string its edge carries). */
export const eventCursor = (e: TailedEvent): string => encodeCursor(eventOrder, keyOfPosition(e.cursor));

/**
 * `subject` and `webhookData` are getters: each is made only when a document selects it, and
 * `webhookData` by the renderer the composition root gave (resolvers import no other door).
 */
export const toGraphQLEvent = (e: TailedEvent, renderEventData: RenderEventData | undefined): Event => ({
  id: e.id,
  type: e.eventName,
  createdAt: e.createdAt,
  objectId: e.sourceId,
  accountId: e.accountId,
  cursor: eventCursor(e),
  webhookEventType: e.eventType,
  get subject() {
    return e.dataVersion === 1 ? null : toGraphQLEventSubject(reviveEventFacts(e.data));
  },
  get webhookData() {
    return renderEventData ? renderEventData({ eventName: e.eventName, dataVersion: e.dataVersion, data: e.data }) : null;
  },
});
