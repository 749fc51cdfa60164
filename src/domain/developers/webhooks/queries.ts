import { z } from 'zod';
import type { RequestContext } from '../../../platform/context';
import { isUuid } from '../../../platform/ids/ids';
import { defineList } from '../../../platform/pagination/list';
import { listOrder, newestFirst } from '../../../platform/pagination/keyset';
import { webhookErrors } from './errors';
import { deliveryFilter } from './rules';
import { toDeliveryView, toEndpointView, type WebhookDeliveryView, type WebhookEndpointView } from './view';
import { eachRow, viewsByIds } from '../../../platform/nodes/by-ids';

/**
 * Endpoints and deliveries belong to the acting account (the caller, or the sub-account named by
 * x-on-behalf-of); a master sees its sub-accounts' events through its own endpoints' deliveries.
 */

const ENDPOINT_SELECT = {
  id: true,
  accountId: true,
  url: true,
  eventNames: true,
  allEvents: true,
  status: true,
  consecutiveFailures: true,
  createdAt: true,
  updatedAt: true,
} as const;

/** The acting account's endpoints, newest first. */
export const endpointList = defineList({
  filter: z.object({}),
  order: newestFirst('webhookEndpoints'),
  find(ctx, _filter, page) {
    const where = { accountId: ctx.acting.id };
    return page.slice(
      ctx.db.prisma.webhookEndpoint.findMany({ select: ENDPOINT_SELECT, ...page.prisma(where) }),
      ctx.db.prisma.webhookEndpoint.count({ where }),
      toEndpointView,
    );
  },
});

/** GraphQL webhookEndpoint(id): null for an unknown, malformed or another account's id. */
export async function findEndpoint(ctx: RequestContext, id: string): Promise<WebhookEndpointView | null> {
  const row = isUuid(id) ? await ctx.db.prisma.webhookEndpoint.findFirst({ where: { id, accountId: ctx.acting.id }, select: ENDPOINT_SELECT }) : null;
  return row && toEndpointView(row);
}

export async function getEndpoint(ctx: RequestContext, id: string): Promise<WebhookEndpointView> {
  if (!isUuid(id)) throw webhookErrors.endpointNotFound();
  const row = await ctx.db.prisma.webhookEndpoint.findFirst({ where: { id, accountId: ctx.acting.id }, select: ENDPOINT_SELECT });
  if (!row) throw webhookErrors.endpointNotFound();
  return toEndpointView(row);
}

/**
 * The acting account's deliveries, newest first. A filter id that is not a UUID matches nothing
 * (as another tenant's id does) rather than failing the list.
 */
export const deliveryList = defineList({
  filter: deliveryFilter,
  order: listOrder('webhookDeliveries', 'desc', ['createdAt', 'timestamp'], ['seq', 'bigint']),
  find(ctx, filter, page) {
    const none = (filter.endpointId !== undefined && !isUuid(filter.endpointId)) || (filter.eventId !== undefined && !isUuid(filter.eventId));
    const where = {
      accountId: ctx.acting.id,
      ...(filter.endpointId !== undefined ? { endpointId: filter.endpointId } : {}),
      ...(filter.eventId !== undefined ? { eventId: filter.eventId } : {}),
      ...(filter.eventName !== undefined ? { eventName: filter.eventName } : {}),
      ...(filter.status !== undefined ? { status: filter.status } : {}),
    };
    if (none) return Promise.resolve({ items: [] as WebhookDeliveryView[], totalCount: 0 });
    return page.slice(
      ctx.db.prisma.webhookDelivery.findMany(page.prisma(where)),
      ctx.db.prisma.webhookDelivery.count({ where }),
      toDeliveryView,
    );
  },
});

export async function getDelivery(ctx: RequestContext, id: string): Promise<WebhookDeliveryView> {
  if (!isUuid(id)) throw webhookErrors.deliveryNotFound();
  const row = await ctx.db.prisma.webhookDelivery.findFirst({ where: { id, accountId: ctx.acting.id } });
  if (!row) throw webhookErrors.deliveryNotFound();
  return toDeliveryView(row);
}

/** GraphQL's loaders (node, WebhookDelivery.endpoint): the acting account's endpoints with these ids. */
export const endpointsByIds = (ctx: RequestContext, ids: readonly string[]): Promise<Map<string, WebhookEndpointView>> =>
  viewsByIds(ids, (valid) => ctx.db.prisma.webhookEndpoint.findMany({ where: { id: { in: valid }, accountId: ctx.acting.id }, select: ENDPOINT_SELECT }), eachRow(toEndpointView));

/** GraphQL's loaders (node): the acting account's deliveries with these ids. */
export const deliveriesByIds = (ctx: RequestContext, ids: readonly string[]): Promise<Map<string, WebhookDeliveryView>> =>
  viewsByIds(ids, (valid) => ctx.db.prisma.webhookDelivery.findMany({ where: { id: { in: valid }, accountId: ctx.acting.id } }), eachRow(toDeliveryView));
