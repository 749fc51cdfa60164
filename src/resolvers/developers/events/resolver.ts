import { Arg, Args, Ctx, Query, Resolver, Root, Subscription, type SubscribeResolverData } from 'type-graphql';
import { audienceOf } from '../../../platform/events/audience';
import { eventFilter, eventList, eventOrder, matchesEventFilter, positionOfKey } from '../../../platform/events/history';
import type { TailedEvent } from '../../../platform/events/tail';
import { CLOSE_TOO_SLOW } from '../../../platform/live/hub';
import { parseInput } from '../../../platform/validation/validate';
import type { GraphQLContext } from '../../context';
import { commandInput, inGraphQLNames } from '../../shared/command-input';
import { ConnectionArgs, keyOfCursor } from '../../shared/connection';
import { connection } from '../../shared/operations';
import { liveUnavailable } from './errors';
import { Event, EventConnection, EventFilter, toGraphQLEvent } from './types';

interface EventsArgs {
  after?: string | null;
  filter?: EventFilter | null;
}

/** Said when a subscriber's queue overflows: it reconnects and resumes where it stopped. */
const TOO_SLOW_REASON = 'Subscriber too slow: subscribe again with after: the cursor of the last event received';

/**
 * Subscribes the connection's caller to the events of its acting account (and, for a master acting
 * for itself, of its sub-accounts), read from the outbox by the process's LiveHub: with `after`,
 * first every event since that cursor, then live ones. Only graphql-ws connections carry a hub: a
 * subscription sent over HTTP is refused with a clear error.
 */
async function subscribeToEvents({ args, context }: SubscribeResolverData<unknown, EventsArgs, GraphQLContext>): Promise<AsyncIterable<TailedEvent>> {
  const live = context.live;
  if (!live) throw liveUnavailable();
  const ctx = await context.auth();
  const after = keyOfCursor('after', args.after, eventOrder);
  const input = commandInput(args.filter);
  let filter;
  try {
    filter = parseInput(eventFilter, input.value);
  } catch (e) {
    throw inGraphQLNames(e, input);
  }
  return live.hub.subscribe(audienceOf(ctx), () => live.close(CLOSE_TOO_SLOW, TOO_SLOW_REASON), {
    after: after && positionOfKey(after),
    matches: (e) => matchesEventFilter(filter, e),
  });
}

@Resolver()
export class EventsResolver {
  @Query(() => EventConnection, {
    description:
      "Events of the acting account (a master acting for itself: its sub-accounts' too), newest first in the order they committed. " +
      'An event is listed once every transaction older than its own has ended (normally within milliseconds), so pages stay exact while events are written',
  })
  events(
    @Ctx() gctx: GraphQLContext,
    @Args(() => ConnectionArgs) page: ConnectionArgs,
    @Arg('filter', () => EventFilter, { nullable: true }) filter?: EventFilter,
  ) {
    return connection(gctx, page, eventList, (e) => toGraphQLEvent(e, gctx.renderEventData), commandInput(filter));
  }

  @Subscription(() => Event, {
    name: 'events',
    description:
      "Events of the acting account as they commit (graphql-ws on /graphql); a master acting for itself also gets its sub-accounts'. " +
      'With `after` (an event\'s cursor), every event since that one comes first, oldest first, then the live ones: none missed, none twice. ' +
      'A subscriber more than 1,000 events behind is closed with 1013 and resumes with the cursor of the last event it received',
    subscribe: subscribeToEvents,
  })
  liveEvents(
    @Root() event: TailedEvent | undefined,
    @Ctx() gctx: GraphQLContext,
    @Arg('after', () => String, { nullable: true, description: 'An event cursor (Event.cursor, or an edge cursor of the events list): resume after that event' }) _after?: string,
    @Arg('filter', () => EventFilter, { nullable: true, description: 'Only these events, replayed and live alike' }) _filter?: EventFilter,
  ): Event {
    // Over HTTP, Apollo runs a subscription document as a query: there is no event to resolve.
    if (!gctx.live || !event) throw liveUnavailable();
    return toGraphQLEvent(event, gctx.renderEventData);
  }
}
