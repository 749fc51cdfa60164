import { createHmac } from 'node:crypto';
import type { EventType } from '../../../platform/events/catalogue';

/**
 * The wire format of a webhook delivery, fixed by the official client's `WebhookVerifier`
 * (docs/webhooks.md): the body is the JSON envelope below, sent byte for byte as signed; the
 * signature is hex(HMAC-SHA512(secret, rawBody + timestamp)) with the timestamp header's own text
 * appended without a separator. Every sender (the delivery worker, `npm run cli -- listen`) signs
 * through here so the two cannot drift.
 */

/** The envelope's `version`, the provider's fixture value. */
export const WEBHOOK_VERSION = 'V1.6.0';

export interface WebhookEnvelope {
  version: string;
  event_type: EventType;
  event_name: string;
  event_id: string;
  source_id?: string;
  data: unknown;
  /**
   * payrail's addition: the account whose event it is. A master's endpoint also receives its
   * sub-accounts' events, and this tells them apart. Last, after the client's own fields; the
   * client's verifier parses the body whole, so an extra member changes nothing for it.
   */
  account_id?: string;
}

export interface OutboxEventForDelivery {
  id: string;
  eventType: EventType;
  eventName: string;
  sourceId: string;
  data: unknown;
  accountId?: string;
}

/** The raw body of a delivery: the envelope in the client's field order. */
export function webhookBody(event: OutboxEventForDelivery): string {
  const envelope: WebhookEnvelope = {
    version: WEBHOOK_VERSION,
    event_type: event.eventType,
    event_name: event.eventName,
    event_id: event.id,
    source_id: event.sourceId,
    data: event.data,
    ...(event.accountId !== undefined ? { account_id: event.accountId } : {}),
  };
  return JSON.stringify(envelope);
}

/** hex(HMAC-SHA512(secret, rawBody + timestamp)). */
export function webhookSignature(secret: string, rawBody: string, timestamp: string): string {
  return createHmac('sha512', secret).update(rawBody + timestamp).digest('hex');
}

/** The two headers a delivery carries, signed at `now` (real time: receivers compare with their clock). */
export function webhookHeaders(secret: string, rawBody: string, now: Date = new Date()): Record<'x-wk-timestamp' | 'x-wk-signature', string> {
  const timestamp = String(Math.floor(now.getTime() / 1000));
  return { 'x-wk-timestamp': timestamp, 'x-wk-signature': webhookSignature(secret, rawBody, timestamp) };
}
