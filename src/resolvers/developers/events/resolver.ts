import { Arg, Ctx, Resolver, Root, Subscription, type SubscribeResolverData } from 'type-graphql';
import { audienceOf } from '../../../platform/events/audience';
import type { EventType } from '../../../platform/events/catalogue';
import type { TailedEvent } from '../../../platform/events/tail';
import { CLOSE_TOO_SLOW } from '../../../platform/live/hub';
import type { GraphQLContext } from '../../context';
import { liveUnavailable } from './errors';
import { EventTypeEnum, LiveEvent, toGraphQLLiveEvent } from './types';

interface EventsArgs {
  types?: EventType[] | null;
}

/**
 * Subscribes the connection's caller to the events of its acting account (and, for a master acting
 * for itself, of its sub-accounts), read from the outbox by the process's LiveHub. Only graphql-ws
 * connections carry a hub: a subscription sent over HTTP is refused with a clear error.
 */
async function subscribeToEvents({ args, context }: SubscribeResolverData<unknown, EventsArgs, GraphQLContext>): Promise<AsyncIterable<TailedEvent>> {
  const live = context.live;
  if (!live) throw liveUnavailable();
  const ctx = await context.auth();
  const { types } = args;
  return live.hub.subscribe(audienceOf(ctx, types ?? undefined), () =>
    live.close(CLOSE_TOO_SLOW, 'Subscriber too slow: too many events waiting'),
  );
}

@Resolver()
export class EventsResolver {
  @Subscription(() => LiveEvent, {
    description:
      'Live events of the acting account as they commit (graphql-ws on /graphql); a master acting for itself also gets its sub-accounts\' events. Nothing older than the subscription is replayed.',
    subscribe: subscribeToEvents,
  })
  events(
    @Root() event: TailedEvent | undefined,
    @Ctx() gctx: GraphQLContext,
    @Arg('types', () => [EventTypeEnum], { nullable: true, description: 'Only events of these types (all when omitted or empty)' }) _types?: EventType[],
  ): LiveEvent {
    // Over HTTP, Apollo runs a subscription document as a query: there is no event to resolve.
    if (!gctx.live || !event) throw liveUnavailable();
    return toGraphQLLiveEvent(event, gctx.live.renderEventData);
  }
}
