import type { CardDataKeyring } from '../../../platform/sealing/keys';
import { sealText } from '../../../platform/sealing/seal';
import type { RequestContext } from '../../../platform/context';
import { newId, isUuid, randomSecret } from '../../../platform/ids/ids';
import { parseInput } from '../../../platform/validation/validate';
import { webhookErrors } from './errors';
import { createEndpointCommand, updateEndpointCommand } from './rules';
import { toDeliveryView, toEndpointView, type WebhookDeliveryView, type WebhookEndpointView, type WebhookEndpointWithSecret } from './view';

/**
 * Endpoint and delivery operations. Each is one transaction on rows of the acting
 * account (joining the idempotency layer's, so the change and its stored answer commit together),
 * so nothing is ever half-written. The secret is generated here, sealed for storage, and shown only
 * in the answers of create and rotate.
 */

/** `whsec_` + 32 random bytes: an HMAC-SHA512 key with room to spare, recognisable in a config file. */
const newSecret = (): string => `whsec_${randomSecret(32)}`;

export async function createEndpoint(ctx: RequestContext, keys: CardDataKeyring, raw: unknown): Promise<WebhookEndpointWithSecret> {
  const input = parseInput(createEndpointCommand, raw ?? {});
  const id = newId();
  const secret = newSecret();
  const now = ctx.clock.now();
  const row = await ctx.commit('locking', ({ tx }) => tx.webhookEndpoint.create({
    data: {
      id,
      accountId: ctx.acting.id,
      url: input.url,
      eventNames: input.eventNames ?? [],
      allEvents: input.eventNames == null,
      secretSealed: sealText(keys, 'webhooks/endpoint-secret', id, secret).value,
      status: 'ENABLED',
      consecutiveFailures: 0,
      createdAt: now,
      updatedAt: now,
    },
  }));
  return { ...toEndpointView(row), secret };
}

export async function updateEndpoint(ctx: RequestContext, id: string, raw: unknown): Promise<WebhookEndpointView> {
  const input = parseInput(updateEndpointCommand, raw ?? {});
  if (!isUuid(id)) throw webhookErrors.endpointNotFound();
  const data = {
    ...(input.url !== undefined ? { url: input.url } : {}),
    ...(input.eventNames !== undefined ? { eventNames: input.eventNames ?? [], allEvents: input.eventNames === null } : {}),
    // Enabling again starts a fresh count: the failures that disabled it are behind the customer.
    ...(input.status !== undefined ? { status: input.status, ...(input.status === 'ENABLED' ? { consecutiveFailures: 0 } : {}) } : {}),
    updatedAt: ctx.clock.now(),
  };
  return ctx.commit('locking', async ({ tx }) => {
    const { count } = await tx.webhookEndpoint.updateMany({ where: { id, accountId: ctx.acting.id }, data });
    if (count === 0) throw webhookErrors.endpointNotFound();
    return toEndpointView(await tx.webhookEndpoint.findUniqueOrThrow({ where: { id } }));
  });
}

/** A new secret at once: deliveries signed from now on use it (an attempt in flight keeps the old one). */
export async function rotateEndpointSecret(ctx: RequestContext, keys: CardDataKeyring, id: string): Promise<WebhookEndpointWithSecret> {
  if (!isUuid(id)) throw webhookErrors.endpointNotFound();
  const secret = newSecret();
  return ctx.commit('locking', async ({ tx }) => {
    const { count } = await tx.webhookEndpoint.updateMany({
      where: { id, accountId: ctx.acting.id },
      data: { secretSealed: sealText(keys, 'webhooks/endpoint-secret', id, secret).value, updatedAt: ctx.clock.now() },
    });
    if (count === 0) throw webhookErrors.endpointNotFound();
    return { ...toEndpointView(await tx.webhookEndpoint.findUniqueOrThrow({ where: { id } })), secret };
  });
}

/** Deletes the endpoint and its deliveries (pending ones are never sent). Answers it as it was. */
export async function deleteEndpoint(ctx: RequestContext, id: string): Promise<WebhookEndpointView> {
  if (!isUuid(id)) throw webhookErrors.endpointNotFound();
  return ctx.commit('locking', async ({ tx }) => {
    const [row] = await tx.webhookEndpoint.findMany({ where: { id, accountId: ctx.acting.id }, take: 1 });
    if (!row) throw webhookErrors.endpointNotFound();
    await tx.webhookEndpoint.delete({ where: { id } });
    return toEndpointView(row);
  });
}

/**
 * Resend: a SUCCEEDED or FAILED delivery becomes PENDING again, due now on the tree's clock, with
 * a fresh retry window (attempts keep counting). The event_id stays the same: it is the same event.
 */
export async function resendDelivery(ctx: RequestContext, id: string): Promise<WebhookDeliveryView> {
  if (!isUuid(id)) throw webhookErrors.deliveryNotFound();
  const now = ctx.clock.now();
  return ctx.commit('locking', async ({ tx }) => {
    const { count } = await tx.webhookDelivery.updateMany({
      where: { id, accountId: ctx.acting.id, status: { in: ['SUCCEEDED', 'FAILED'] } },
      data: { status: 'PENDING', nextAttemptAt: now, firstAttemptAt: null, claimedUntil: null, claimToken: null, updatedAt: now },
    });
    if (count === 0) {
      const row = await tx.webhookDelivery.findFirst({ where: { id, accountId: ctx.acting.id }, select: { status: true } });
      throw row ? webhookErrors.deliveryPending() : webhookErrors.deliveryNotFound();
    }
    return toDeliveryView(await tx.webhookDelivery.findUniqueOrThrow({ where: { id } }));
  });
}
