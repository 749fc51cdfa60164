import { z } from 'zod';
import { DELIVERY_FAILURES, DELIVERY_STATUSES, ENDPOINT_STATUSES } from '../../../domain/developers/webhooks/rules';
import { secretAnswer } from '../../../platform/validation/sensitive';
import { dateTime, uuid } from '../../shared/wire';

/** A webhook endpoint. event_names null: every event. */
export const restWebhookEndpoint = z
  .object({
    webhook_endpoint_id: uuid,
    url: z.string(),
    event_names: z.array(z.string()).nullable(),
    status: z.enum(ENDPOINT_STATUSES),
    consecutive_failures: z.number().int(),
    create_time: dateTime,
    update_time: dateTime,
  })
  .meta({ id: 'WebhookEndpoint' });

/**
 * Create and rotate_secret answer the endpoint with its signing secret: the only times it is shown.
 * An idempotent replay of either answers the endpoint without it (the stored answer never held it).
 */
export const restWebhookEndpointWithSecret = restWebhookEndpoint
  .extend({ secret: secretAnswer(z.string()).optional().describe('the HMAC-SHA512 signing key; shown once: absent from idempotent replays') })
  .meta({ id: 'WebhookEndpointWithSecret' });

export const restWebhookDelivery = z
  .object({
    webhook_delivery_id: uuid,
    webhook_endpoint_id: uuid,
    event_id: uuid,
    event_name: z.string(),
    account_id: uuid.describe("the event's account: the endpoint's own or a sub-account's"),
    status: z.enum(DELIVERY_STATUSES),
    attempts: z.number().int(),
    next_attempt_time: dateTime.nullable(),
    last_attempt_time: dateTime.nullable(),
    last_status_code: z.number().int().nullable(),
    last_error: z
      .enum(DELIVERY_FAILURES)
      .nullable()
      .describe("the class of the last attempt's failure; the receiver's answer and the socket's error are never shown"),
    create_time: dateTime,
  })
  .meta({ id: 'WebhookDelivery' });
